/**
 * What a model writes never makes the note it lands in private: an excluded tag (`#secret`) or a
 * properties block with `assistant: private` in a weekly summary, a consolidated memory.md or an
 * answer saved as a note would hide that note from the assistant at once, and all the rest it
 * holds. Nor does a line the assistant cuts from a note's text, a day's in the archive index or a
 * folder's in the vault map, where a cut through a link's label can make a tag of what was none.
 * The text is kept, the tag escaped (`\#secret`, which Obsidian shows as `#secret` and reads as no tag).
 *
 * The real SDK talks to the fake Messages API on 127.0.0.1 for the model's text.
 */
import { answerNoteText } from "../../src/core/agent/answerNote";
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import { assistantFolderTarget } from "../../src/core/memory/daily";
import { MAX_HISTORY_WEEKS } from "../../src/core/memory/historyBook";
import { applyConsolidation, proposeConsolidation } from "../../src/core/memory/hotMemoryConsolidation";
import { buildWeeklySummary } from "../../src/core/memory/weeklySummary";
import { inferTaxonomy } from "../../src/core/organize/taxonomy";
import { vaultMap } from "../../src/core/organize/vaultMap";
import { writeVaultMap } from "../../src/core/organize/vaultMapText";
import { textModelOver } from "../../src/core/model/textModel";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { t } from "../../src/i18n";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";
import { claudeAt } from "../harness/fakeAnthropic/claudeClient";
import { realDelay } from "../llm/modelFixture";

const fake = useFakeAnthropic();
const NOW = new Date("2026-11-28T10:00:00Z");
const clock = { now: () => new Date(NOW) };
const delay = realDelay;
const PRIVATE_FLAG = "---\nassistant: private\n---\n";

/** The workspace every host builds over a vault, with `secret` an excluded tag, and a model on the fake server. */
function workspaceOver(files: Record<string, string>) {
	const vault = new MemoryVault({ files, now: () => NOW.getTime() - 86_400_000 });
	const settings = { ...defaultPluginData().settings, excludedTags: ["secret"], archiveRetentionDays: 30 };
	const workspace = new AssistantWorkspace({
		store: vault,
		metadata: vault,
		auditFile: new MemoryLogFile(),
		clock,
		settings,
	});
	const model = claudeAt(fake().baseURL);
	return {
		vault,
		workspace,
		deps: { vault: workspace.vault, writer: workspace.writer, clock },
		text: textModelOver(model, "claude-test", { delay }),
	};
}

/** The note as the assistant reads it through the privacy view, or `hidden` when the view refuses it. */
async function seen(workspace: AssistantWorkspace, path: string): Promise<string> {
	return workspace.vault.stat(path) === null ? "hidden" : workspace.vault.read(path);
}

const WEEK_DAY = { "memory/daily/2026-11-17.md": "# 2026-11-17\n\n## Log\n- 09:10 Tried the new sauce.\n" };

describe("an excluded tag in a weekly summary the model wrote", () => {
	it("leaves the summary readable, the tag escaped", async () => {
		const { workspace, deps, text } = workspaceOver(WEEK_DAY);
		fake().enqueue(textReply("## Food\n- Kept the #secret sauce recipe.\n\n#secret"));
		const built = await buildWeeklySummary(deps, {
			week: "2026-W47",
			target: assistantFolderTarget(workspace.layout),
			layout: workspace.layout,
			model: text,
			actor: "user",
		});
		expect([built.status, built.author]).toEqual(["written", "model"]);
		const summary = await seen(workspace, "memory/weekly/2026-W47.md");
		expect(summary).toContain("Kept the \\#secret sauce recipe.");
		expect(summary).toContain("Daily memory: [[memory/daily/2026-11-17|2026-11-17]]");
	});

	it("leaves the year's summary readable once the week is folded into it", async () => {
		const later = Object.fromEntries(
			Array.from({ length: MAX_HISTORY_WEEKS }, (_, index) => [
				`memory/weekly/2027-W${String(index + 1).padStart(2, "0")}.md`,
				`# Week ${index + 1}\n\nQuiet.\n`,
			]),
		);
		const { workspace, deps, text } = workspaceOver({ ...WEEK_DAY, ...later });
		fake().enqueue(textReply("- Kept the #secret sauce recipe."));
		const built = await buildWeeklySummary(deps, {
			week: "2026-W47",
			target: assistantFolderTarget(workspace.layout),
			layout: workspace.layout,
			model: text,
			actor: "user",
		});
		expect(built.folded.weeks).toEqual(["2026-W47"]);
		const year = await seen(workspace, "memory/yearly/2026.md");
		expect(year).toContain("## 2026-W47");
		expect(year).toContain("Kept the \\#secret sauce recipe.");
	});
});

describe("a consolidation of memory.md the model proposed and the user approved", () => {
	// No excluded tag in it, escaped or not: memory.md that names one is not sent to be consolidated.
	const MEMORY = `# Memory\n\n${"- 2026-01-02 Keeps a recipe book of secrets.\n".repeat(40)}`;

	async function consolidated(files: Record<string, string>, proposal: string) {
		const { workspace, deps, text } = workspaceOver(files);
		fake().enqueue(textReply(proposal));
		const proposed = await proposeConsolidation(workspace.vault, "memory.md", { capTokens: 10, model: text });
		expect(proposed?.author).toBe("model");
		const applied = await applyConsolidation(deps, {
			...proposed!,
			approved: proposed!.proposed,
			archiveFolder: workspace.layout.archiveFolder,
			actor: "user",
		});
		expect(applied.kind).toBe("applied");
		return seen(workspace, "memory.md");
	}

	it("leaves memory.md readable when the model wrote an excluded tag", async () => {
		const memory = await consolidated({ "memory.md": MEMORY }, "# Memory\n\n- Keeps a #secret recipe book.\n");
		expect(memory).toContain("Keeps a \\#secret recipe book.");
	});

	it("leaves memory.md readable, and its own properties as they were, when the model added the private flag", async () => {
		const properties = "---\naliases: [Long-term memory]\n---\n";
		const flagged = await consolidated({ "memory.md": MEMORY }, `${PRIVATE_FLAG}# Memory\n\n- Keeps a recipe book.\n`);
		expect(flagged).toContain("assistant: private\n---\n# Memory\n\n- Keeps a recipe book.");
		expect(flagged).not.toMatch(/^---/);
		const replaced = await consolidated(
			{ "memory.md": properties + MEMORY },
			"---\ntags: [secret]\nassistant: private\n---\n# Memory\n\n- Keeps a recipe book.\n",
		);
		expect(replaced.startsWith(`${properties}# Memory\n\n- Keeps a recipe book.`)).toBe(true);
	});
});

describe("a day's line in the archive index", () => {
	it("leaves the index readable when the cut line would open an excluded tag", async () => {
		// As memory_append wrote it: a tag inside a link's label is no tag, so it was kept as written.
		const entry = `- 09:10 Talked through the week's cooking plans at length. See [[Diet|the #secret sauce]].`;
		const { workspace } = workspaceOver({ "memory/daily/2026-10-01.md": `# 2026-10-01\n\n## Log\n${entry}\n` });
		expect(await seen(workspace, "memory/daily/2026-10-01.md")).toContain("#secret sauce");
		const archived = await workspace.archive("user");
		expect(archived.archived.map((day) => day.date)).toEqual(["2026-10-01"]);
		const index = await seen(workspace, "memory/archive/index.md");
		expect(index).toContain("[[memory/archive/2026/2026-10-01|2026-10-01]]: 09:10 Talked through");
	});
});

describe("a folder's line in the vault map", () => {
	it("leaves the map readable when the cut line would open an excluded tag", async () => {
		// A tag inside a link's label is no tag: the folder note is readable, and its first line describes the folder.
		const first = `Everything about the kitchen, the garden and the weekly shopping lists. Recipes, sauces and more, see [[Diet|the #secret sauce]].`;
		const { workspace, deps } = workspaceOver({
			"Kitchen/Kitchen.md": `${first}\n`,
			"Kitchen/Soup.md": "Leek soup.\n",
		});
		expect(await seen(workspace, "Kitchen/Kitchen.md")).toContain("#secret sauce");
		const organize = {
			view: workspace.vault,
			verifiedChangedByMove: (path: string) => workspace.verifiedChangedByMove(path),
			layout: workspace.layout,
			templatesFolder: null,
			dailyNotesFolder: null,
		};
		const written = await writeVaultMap(
			deps,
			workspace.layout,
			await vaultMap(organize, inferTaxonomy(organize)),
			t,
			"user",
		);
		expect(await seen(workspace, written.path)).toContain("Everything about the kitchen");
	});
});

describe("memory_append to long-term memory", () => {
	it("adds an entry holding an excluded tag once, however often it is sent", async () => {
		const { run, vault } = await writeToolsOver({ "memory.md": "# Memory\n" }, { excludedTags: ["secret"] });
		for (let time = 0; time < 2; time++) {
			const appended = await run("memory_append", { target: "longterm", text: "Keeps a #secret recipe book." });
			expect(appended.isError).toBe(false);
		}
		const memory = await vault.read("memory.md");
		expect(memory.split("Keeps a \\#secret recipe book.")).toHaveLength(2);
	});
});

describe("an answer the model wrote, saved as a note", () => {
	it("stays readable to the assistant, its tag escaped and no properties block at its top", async () => {
		const { vault, workspace } = workspaceOver({});
		const answer = `${PRIVATE_FLAG}The sauce is the #secret.`;
		await workspace.writer.createNote("Answer.md", answerNoteText(answer, workspace.vault.policy), {
			actor: "user",
			reason: "Save a chat answer as a note",
		});
		const note = await seen(workspace, "Answer.md");
		expect(note).toContain("The sauce is the \\#secret.");
		expect(note).toContain("assistant: private");
		expect(await vault.read("Answer.md")).not.toMatch(/^---/);
	});
});
