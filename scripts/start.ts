import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openHeadlessWorkspace } from "./lib/headless";
import { auditReport, initializeReport, inspectionReport, promotionReport } from "./lib/report";

/**
 * The main job on the bundled example vault, on a temporary copy so the example stays as it is:
 * inspect, initialize the workspace, write a day of memory, promote it, show the audit trail.
 */
const EXAMPLE_VAULT = resolve(__dirname, "..", "examples", "vault");

const DAY_OF_MEMORY = {
	log: [
		"- Reviewed the thesis plan: chapter 2 is due to [[Dr. Lin]] on 2026-12-15; the nap-length argument goes first.",
		"- 厨房改造：和师傅确认了插座位置，下周去看瓷砖。",
	].join("\n"),
	candidates: [
		"- Mei writes best in the morning; after 15:00 she reads instead of writing (from [[番茄工作法]]).",
		"- 论文的导师是林老师，草稿用 PDF 发送。",
	].join("\n"),
};

function section(title: string, lines: readonly string[]): void {
	process.stdout.write(`\n== ${title}\n${lines.join("\n")}\n`);
}

async function main(): Promise<void> {
	const vaultDir = mkdtempSync(join(tmpdir(), "assistant-workspace-example-"));
	cpSync(EXAMPLE_VAULT, vaultDir, { recursive: true });
	const { workspace, flush } = await openHeadlessWorkspace(vaultDir);
	process.stdout.write(`Assistant Workspace on a copy of the example vault: ${vaultDir}\n`);

	section("1. What is in the vault", inspectionReport(workspace.inspect()));
	section("2. Initialize the workspace (only what is missing)", initializeReport(await workspace.initialize("en")));

	const log = await workspace.appendDailyMemory(DAY_OF_MEMORY.log, "assistant");
	const candidates = await workspace.appendDailyMemory(DAY_OF_MEMORY.candidates, "assistant", "Candidate long-term memory");
	section("3. A day of memory", [`  ${log.status} ${log.path}`, `  ${candidates.status} ${candidates.path} (candidate long-term memory)`]);

	const today = workspace.today();
	const first = await workspace.promote(today, "user");
	const again = await workspace.promote(today, "user");
	section("4. Promote today to long-term memory (twice: the second run changes nothing)", [
		...promotionReport(first),
		...promotionReport(again),
	]);
	await flush();

	section(`5. ${first.memoryPath} now ends with`, readFileSync(join(vaultDir, first.memoryPath), "utf8").trimEnd().split("\n").slice(-6));
	const trail = await workspace.audit.read();
	section("6. Audit trail: every write the assistant made", auditReport(trail.records, trail.corruptLines));
	process.stdout.write(`\nOpen ${vaultDir} as a vault in Obsidian to see the notes.\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exitCode = 1;
});
