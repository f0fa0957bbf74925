/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { WorkspaceLeaf } from "../../../sandbox/obsidianApi/view";
import { CHAT_VIEW_TYPE } from "../../../src/obsidian/chat/chatView";
import { textReply, toolUseReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { allInView, openChatOn, resetChatTest, textsOf } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

const ATLAS = "# Atlas\n\nIntro line.\n\n## Schedule\n\nThe Atlas project ships in March, after the field study.\n";
const USER = "# User\n\n## Preferences\n\n- Likes tea\n\n## Work\n\n- Writes a thesis\n";

beforeEach(resetChatTest);

/** The leaf where a note was opened last, and how. */
function openedAt(leaves: readonly WorkspaceLeaf[]) {
	const leaf = leaves.filter((candidate) => candidate.file !== null).pop();
	return { path: leaf?.file?.path, eState: leaf?.openState?.eState };
}

describe("links and notes in the answers", () => {
	it("asks for a hover preview of a [[link]] in an answer, with the pane as its source", async () => {
		const { app, view, mock } = await openChatOn(fake(), { "Projects/Atlas.md": ATLAS });
		expect(mock.hoverLinkSources.get(CHAT_VIEW_TYPE)).toEqual({ display: "Assistant Workspace", defaultMod: true });
		const hovers: Record<string, unknown>[] = [];
		app.workspace.on("hover-link", (info) => hovers.push(info as Record<string, unknown>));
		fake().enqueue(textReply("It ships in March, see [[Atlas]]."));
		await view.send("When does Atlas ship?");
		const link = view.contentEl.querySelector<HTMLElement>(".assistant-chat-body a.internal-link");
		link?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
		expect(hovers).toEqual([
			expect.objectContaining({ source: CHAT_VIEW_TYPE, hoverParent: view, targetEl: link, linktext: "Atlas" }),
		]);
		link?.click();
		expect(app.workspace.openedLinks).toEqual(["Atlas"]);
	});

	it("opens the note a search result or a read names, at its line", async () => {
		const { app, view } = await openChatOn(fake(), { "Projects/Atlas.md": ATLAS }, { indexed: true });
		fake().enqueue(
			toolUseReply("memory_search", { query: "Atlas field study" }),
			toolUseReply("memory_get", { path: "Projects/Atlas.md", line_start: 5 }),
			textReply("It ships in March."),
		);
		await view.send("When does Atlas ship?");
		const locations = allInView(view, ".assistant-chat-chip-location");
		expect(textsOf(locations)).toEqual(["Projects/Atlas.md, line 7 · Atlas > Schedule", "Projects/Atlas.md, line 5"]);

		locations[0].click();
		await until(() => openedAt(app.workspace.openLeaves).path !== undefined, "the note to open");
		// The editor counts lines from 0: line 7 of the result is line 6 of the editor.
		expect(openedAt(app.workspace.openLeaves)).toEqual({ path: "Projects/Atlas.md", eState: { line: 6 } });
		locations[1].click();
		await until(() => openedAt(app.workspace.openLeaves).eState?.line === 4, "the second note to open");
		expect(openedAt(app.workspace.openLeaves)).toEqual({ path: "Projects/Atlas.md", eState: { line: 4 } });
	});

	it("shows an identity change with its diff, and Undo puts the file back exactly", async () => {
		const { app, view } = await openChatOn(fake(), { "user.md": USER });
		fake().enqueue(
			toolUseReply("identity_update", {
				file: "user",
				text: "- Prefers short answers",
				reason: "You asked for short answers",
				section: "Preferences",
			}),
			textReply("Noted: short answers from now on."),
		);
		await view.send("Keep your answers short from now on.");
		const change = view.contentEl.querySelector<HTMLElement>(".assistant-chat-identity-change");
		expect(change?.querySelector(".assistant-chat-identity-reason")?.textContent).toBe(
			"Changed user.md: You asked for short answers",
		);
		const added = textsOf(Array.from(change?.querySelectorAll(".assistant-chat-diff-line.is-added") ?? []));
		expect(added).toEqual(["+ - Prefers short answers"]);
		expect(change?.querySelectorAll(".assistant-chat-diff-line.is-removed")).toHaveLength(0);
		const changed = await app.vault.memory.read("user.md");
		expect(changed).toContain("- Likes tea\n- Prefers short answers\n");

		change?.querySelector<HTMLButtonElement>(".assistant-chat-undo")?.click();
		await until(() => change?.hasClass("is-undone") === true, "the undo");
		expect(await app.vault.memory.read("user.md")).toBe(USER);
		expect(change?.querySelector(".assistant-chat-undo-status")?.textContent).toBe(
			"Undone: user.md is back as it was.",
		);
		expect(change?.querySelector<HTMLButtonElement>(".assistant-chat-undo")?.disabled).toBe(true);
	});

	it("refuses to undo an identity change the user edited since, and says why", async () => {
		const { app, view } = await openChatOn(fake(), { "user.md": USER });
		fake().enqueue(
			toolUseReply("identity_update", { file: "user", text: "- Prefers short answers", reason: "You asked" }),
			textReply("Noted."),
		);
		await view.send("Keep your answers short.");
		await app.vault.memory.process("user.md", (content) => `${content}- My own line\n`);
		const edited = await app.vault.memory.read("user.md");
		view.contentEl.querySelector<HTMLButtonElement>(".assistant-chat-undo")?.click();
		const status = () => view.contentEl.querySelector(".assistant-chat-undo-status")?.textContent ?? "";
		await until(() => status() !== "", "the refusal");
		expect(status()).toBe("The note has changed since; undoing now would lose those edits.");
		expect(await app.vault.memory.read("user.md")).toBe(edited);
	});
});
