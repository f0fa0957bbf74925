/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { ToolResult } from "../../../src/core/agent/tools";
import { ToolChip, type ChipActions } from "../../../src/obsidian/chat/toolChip";
import type { WorkspaceLeaf } from "../../../sandbox/obsidianApi/view";
import { textReply, toolUseReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { allInView, openChatOn, resetChatTest, textsOf } from "./chatFixture";

jest.setTimeout(30_000);

const fake = useFakeAnthropic();

const KAYAK =
	"# Kayak\n\n## Gear\nPaddle, spray deck.\n\n## Routes\nThe kayak route along the fjord takes a day. See [[Fjord]].\n";
const FJORD = "# Fjord\n\nDeep water, cold all year.\n";

beforeEach(resetChatTest);

/** The leaf where a note was opened last, and how. */
function openedAt(leaves: readonly WorkspaceLeaf[]) {
	const leaf = leaves.filter((candidate) => candidate.file !== null).pop();
	return { path: leaf?.file?.path, eState: leaf?.openState?.eState };
}

/** The headings and bodies a chip opens to, in order. */
function chipSections(chip: HTMLElement): string[] {
	return textsOf(Array.from(chip.querySelectorAll(".assistant-chat-chip-heading")));
}

describe("tool chips drawn from a tool's data", () => {
	it("links the notes a result names from its data, whatever its text says", () => {
		const opened: unknown[] = [];
		const actions: ChipActions = {
			shows: () => true,
			open: (location, newLeaf) => opened.push([location, newLeaf]),
			undo: () => Promise.reject(new Error("no undo here")),
			apply: () => Promise.reject(new Error("no edit here")),
			askAgain: () => false,
		};
		const chip = new ToolChip(document.body, "memory_search", { query: "fjord" }, actions);
		// A text in no format the chat knows: the model's contract may say it any way it likes.
		const result: ToolResult = {
			text: "Two places: the routes of the kayak note, and the fjord note.",
			isError: false,
			locations: [{ path: "Notes/Kayak.md", line: 7, heading: "Kayak > Routes" }, { path: "Fjord.md" }],
		};
		chip.finished(result);
		const links = Array.from(document.querySelectorAll<HTMLElement>(".assistant-chat-chip-location"));
		expect(textsOf(links)).toEqual(["Notes/Kayak.md, line 7 · Kayak > Routes", "Fjord.md"]);
		expect(links.map((link) => link.getAttribute("aria-label"))).toEqual([
			"Open Notes/Kayak.md at line 7",
			"Open Fjord.md",
		]);
		expect(document.querySelector(".assistant-chat-chip-body:last-of-type")?.textContent).toBe(result.text);
		links[1].dispatchEvent(new MouseEvent("click", { bubbles: true, ctrlKey: true }));
		expect(opened).toEqual([[{ path: "Fjord.md" }, "tab"]]);
	});

	it("links the best line and the linked notes of a search too, under what the call found", async () => {
		const { app, view } = await openChatOn(
			fake(),
			{ "Notes/Kayak.md": KAYAK, "Fjord.md": FJORD, "Journal.md": "Talked about a kayak once.\n" },
			{ indexed: true },
		);
		fake().enqueue(toolUseReply("memory_search", { query: "kayak route" }), textReply("A day along the fjord."));
		await view.send("How long is the kayak route?");
		const chip = allInView(view, ".assistant-chat-chip")[0];
		expect(chipSections(chip)).toEqual(["Input", "Notes found", "Result"]);
		const links = allInView(view, ".assistant-chat-chip-location");
		expect(textsOf(links)).toEqual([
			"Notes/Kayak.md, line 7 · Kayak > Routes",
			"Journal.md, line 1",
			"Fjord.md, line 3 · Fjord",
		]);
		links[2].click();
		await until(() => openedAt(app.workspace.openLeaves).path !== undefined, "the linked note to open");
		expect(openedAt(app.workspace.openLeaves)).toEqual({ path: "Fjord.md", eState: { line: 2 } });
	});

	it("says where a write went, and opens that note", async () => {
		const { app, view } = await openChatOn(fake(), {});
		fake().enqueue(
			toolUseReply("capture_note", { title: "Fjord trip", text: "Pack the spray deck." }),
			textReply("Captured."),
		);
		await view.send("Note down: pack the spray deck for the fjord trip.");
		const chip = allInView(view, ".assistant-chat-chip")[0];
		expect(chip.querySelector("summary")?.textContent).toBe("Captured a note to the inbox");
		expect(chipSections(chip)).toEqual(["Input", "Written to", "Result"]);
		const [link] = allInView(view, ".assistant-chat-chip-location");
		const path = link.textContent ?? "";
		expect(path).toMatch(/^Inbox\/\d{4}-\d{2}-\d{2} Fjord trip\.md$/);
		link.click();
		await until(() => openedAt(app.workspace.openLeaves).path !== undefined, "the captured note to open");
		expect(openedAt(app.workspace.openLeaves)).toEqual({ path, eState: { line: 0 } });
	});

	it("a reopened chat shows each chip with the notes its result named, from the transcript, and opens them", async () => {
		const { app, view } = await openChatOn(fake(), { "Notes/Kayak.md": KAYAK, "Fjord.md": FJORD }, { indexed: true });
		fake().enqueue(
			toolUseReply("memory_search", { query: "kayak route" }),
			toolUseReply("memory_get", { path: "Notes/Kayak.md", line_start: 6 }),
			textReply("A day along the fjord."),
		);
		await view.send("How long is the kayak route?");
		const live = textsOf(allInView(view, ".assistant-chat-chip-location"));
		const saved = app.vault.getMarkdownFiles().find((file) => file.path.startsWith("chats/"));
		const transcript = saved === undefined ? null : view.app.vault.getFileByPath(saved.path);
		if (transcript === null) throw new Error("no transcript saved");

		view.newChat();
		expect(allInView(view, ".assistant-chat-chip")).toHaveLength(0);
		await view.reopen(transcript);
		expect(textsOf(allInView(view, ".assistant-chat-chip summary"))).toEqual([
			'Searched memory for "kayak route"',
			"Read Notes/Kayak.md",
		]);
		expect(textsOf(allInView(view, ".assistant-chat-chip-location"))).toEqual(live);
		expect(live).toEqual([
			"Notes/Kayak.md, line 7 · Kayak > Routes",
			"Fjord.md, line 3 · Fjord",
			"Notes/Kayak.md, line 6",
		]);
		allInView(view, ".assistant-chat-chip-location")[2].click();
		await until(() => openedAt(app.workspace.openLeaves).path !== undefined, "the note to open");
		expect(openedAt(app.workspace.openLeaves)).toEqual({ path: "Notes/Kayak.md", eState: { line: 5 } });
	});
	it("a reopened chat lists no note that has been made private since the call named it", async () => {
		const { app, view } = await openChatOn(fake(), { "Notes/Kayak.md": KAYAK, "Fjord.md": FJORD }, { indexed: true });
		fake().enqueue(toolUseReply("memory_search", { query: "kayak route" }), textReply("A day along the fjord."));
		await view.send("How long is the kayak route?");
		expect(textsOf(allInView(view, ".assistant-chat-chip-location"))).toContain("Fjord.md, line 3 · Fjord");
		const saved = app.vault.getMarkdownFiles().find((file) => file.path.startsWith("chats/"));
		const transcript = saved === undefined ? null : view.app.vault.getFileByPath(saved.path);
		const fjord = app.vault.getFileByPath("Fjord.md");
		if (transcript === null || fjord === null) throw new Error("no transcript saved");
		await app.vault.modify(fjord, `---\nassistant: private\n---\n${FJORD}`);

		view.newChat();
		await view.reopen(transcript);
		expect(textsOf(allInView(view, ".assistant-chat-chip-location"))).toEqual([
			"Notes/Kayak.md, line 7 · Kayak > Routes",
		]);
	});
});
