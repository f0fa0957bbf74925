import { AssistantWorkspace } from "../../../src/core/assistantWorkspace";
import { defaultSettings } from "../../../src/core/workspace/data/settings";
import { memoryFixture } from "./fixture";

const NOW = "2026-03-18T09:00:00Z";
const candidates = (date: string, line: string) =>
	`# ${date}\n\n## Log\n- Worked.\n\n## Candidate long-term memory\n- ${line}\n`;

function workspaceOver(files: Record<string, string>) {
	const fixture = memoryFixture(files, NOW);
	const workspace = new AssistantWorkspace({
		store: fixture.vault,
		metadata: fixture.vault,
		auditFile: fixture.log,
		clock: fixture.deps.clock,
		settings: defaultSettings(),
	});
	return { ...fixture, workspace };
}

describe("promoting any day", () => {
	it("offers today first, then every day latest first, archived ones included, each with where it stands", async () => {
		const { workspace } = workspaceOver({
			"memory/daily/2026-03-17.md": candidates("2026-03-17", "Prefers tea."),
			"memory/daily/2026-03-16.md": "# 2026-03-16\n\n## Log\n- Read.\n",
			"memory/archive/2025/2025-11-02.md": candidates("2025-11-02", "The thesis is on sleep."),
			"memory/archive/2025/2025-11-01.md": `${candidates("2025-11-01", "Moved to Lyon.")}<!-- promoted: 2025-11-01 -->\n`,
			"memory/archive/index.md": "# Daily memory archive\n",
			"memory/daily/2026-03-10.md": "---\nassistant: private\n---\n## Candidate long-term memory\n- Secret.\n",
		});
		expect(await workspace.promotableDays()).toEqual([
			{ date: "2026-03-18", path: null, archived: false, state: "nothing" },
			{ date: "2026-03-17", path: "memory/daily/2026-03-17.md", archived: false, state: "unpromoted" },
			{ date: "2026-03-16", path: "memory/daily/2026-03-16.md", archived: false, state: "nothing" },
			{ date: "2025-11-02", path: "memory/archive/2025/2025-11-02.md", archived: true, state: "unpromoted" },
			{ date: "2025-11-01", path: "memory/archive/2025/2025-11-01.md", archived: true, state: "promoted" },
		]);
	});

	it("promotes an archived day into long-term memory and marks the archived note promoted, once", async () => {
		const { workspace, vault } = workspaceOver({
			"memory.md": "# Memory\n",
			"memory/archive/2025/2025-11-02.md": candidates("2025-11-02", "The thesis is on sleep."),
		});
		const result = await workspace.promote("2025-11-02", "user");
		expect(result).toMatchObject({ status: "promoted", dailyPath: "memory/archive/2025/2025-11-02.md" });
		expect(await vault.read("memory.md")).toBe(
			"# Memory\n\n## Promoted from 2025-11-02\n\n- The thesis is on sleep.\n",
		);
		expect(await vault.read("memory/archive/2025/2025-11-02.md")).toContain("<!-- promoted: 2025-11-02 -->");
		expect((await workspace.promotableDays()).find((day) => day.date === "2025-11-02")?.state).toBe("promoted");
		expect((await workspace.promote("2025-11-02", "user")).status).toBe("already-promoted");
	});

	it("promotes a day kept in the daily folder from there, not from an archived copy", async () => {
		const { workspace, vault } = workspaceOver({
			"memory.md": "# Memory\n",
			"memory/daily/2026-03-17.md": candidates("2026-03-17", "Prefers tea."),
		});
		expect(await workspace.promote("2026-03-17", "user")).toMatchObject({
			status: "promoted",
			dailyPath: "memory/daily/2026-03-17.md",
		});
		expect(await vault.read("memory.md")).toContain("- Prefers tea.");
	});
});
