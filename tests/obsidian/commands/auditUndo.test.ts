/**
 * @jest-environment jsdom
 */
import { Notice } from "../../../sandbox/obsidianApi";
import { AUDIT_VIEW_TYPE } from "../../../src/obsidian/audit/auditView";
import { click, commandPlugin, field, modalTitled, resetCommandTest, runCommand, type, until } from "./commandFixture";

beforeEach(resetCommandTest);

const MEMORY = "# Memory\n\n## Preferences\n- Short answers.\n";
const VAULT = {
	"memory.md": MEMORY,
	"memory/daily/2026-03-18.md":
		"# 2026-03-18\n\n## Log\n- Read chapter 2.\n\n## Candidate long-term memory\n- Prefers tea to coffee.\n",
	"Notes/Tea.md": "# Tea\n",
};

/** Promotes today's memory (an audited append to `memory.md`) and opens the changes view. */
async function promotedThenShown() {
	const plugin = await commandPlugin(VAULT);
	runCommand(plugin.mock, "promote-today");
	await until(() => Notice.messages.length > 0, "the promotion");
	expect(await plugin.text("memory.md")).toContain("Prefers tea to coffee.");
	runCommand(plugin.mock, "show-assistant-changes");
	const view = () => plugin.app.workspace.getLeavesOfType(AUDIT_VIEW_TYPE)[0]?.view?.containerEl ?? null;
	await until(() => (view()?.querySelectorAll(".assistant-audit-row").length ?? 0) > 0, "the changes view");
	const rowOf = (path: string) =>
		Array.from(view()!.querySelectorAll<HTMLElement>(".assistant-audit-row")).find(
			(row) => row.querySelector(".assistant-audit-note")?.textContent === path,
		)!;
	return { ...plugin, view: () => view()!, rowOf };
}

describe("show assistant changes", () => {
	it("lists the trail, latest first, filterable by who wrote and by note", async () => {
		const { view } = await promotedThenShown();
		const notes = () => Array.from(view().querySelectorAll(".assistant-audit-note")).map((note) => note.textContent);
		expect(notes()).toEqual(["memory/daily/2026-03-18.md", "memory.md"]);
		expect(view().querySelector(".assistant-audit-row")?.textContent).toContain("You");
		type(field(view(), ".assistant-audit-note-filter"), "daily");
		expect(notes()).toEqual(["memory/daily/2026-03-18.md"]);
		const actor = view().querySelector("select")!;
		actor.value = "assistant";
		actor.dispatchEvent(new Event("change"));
		expect(view().querySelector(".assistant-audit-empty")?.textContent).toBe("No change matches the filters.");
	});

	it("undoes a change exactly while the note is as the change left it", async () => {
		const { rowOf, text, app } = await promotedThenShown();
		Notice.messages.length = 0;
		click(rowOf("memory.md"), "Undo");
		await until(() => Notice.messages.length > 0, "the undo");
		expect(Notice.messages).toEqual(["Undone, the note is back as it was: memory"]);
		expect(await text("memory.md")).toBe(MEMORY);
		const audit = app.vault.adapter.hidden.get(".obsidian/plugins/assistant-workspace/audit.jsonl") ?? "";
		expect(audit.trim().split("\n").at(-1)).toContain('"action":"restore","path":"memory.md"');
	});

	it("refuses to undo over the user's later edit, and shows both versions", async () => {
		const { rowOf, text, app } = await promotedThenShown();
		const promoted = await text("memory.md");
		const edited = `${promoted}- Mine: walks at noon.\n`;
		await app.vault.modify(app.vault.getFileByPath("memory.md")!, edited);
		click(rowOf("memory.md"), "Undo");
		const modal = await modalTitled("Undo of memory.md refused");
		expect(modal.textContent).toContain(
			"The note has changed since this change was made; undoing it would lose those edits.",
		);
		expect(modal.querySelector(".assistant-undo-before pre")?.textContent).toBe(MEMORY);
		expect(modal.querySelector(".assistant-undo-now pre")?.textContent).toBe(edited);
		expect(await text("memory.md")).toBe(edited);
	});

	it("offers no undo for a note's creation: undo never deletes", async () => {
		const { mock, view, rowOf } = await promotedThenShown();
		runCommand(mock, "refresh-vault-map");
		await until(() => Notice.messages.some((message) => message.startsWith("Vault map refreshed")), "the vault map");
		(view().querySelector(".view-action") as HTMLElement).click();
		await until(() => rowOf("Vault map.md") !== undefined, "the refreshed list");
		expect(rowOf("Vault map.md").textContent).toContain("Created");
		expect(rowOf("Vault map.md").querySelector(".assistant-audit-undo")).toBeNull();
		expect(rowOf("memory.md").querySelector(".assistant-audit-undo")).not.toBeNull();
	});
});
