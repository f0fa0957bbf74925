/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { Notice } from "../../../sandbox/obsidianApi";
import { AUDIT_VIEW_TYPE } from "../../../src/obsidian/audit/auditView";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { commandPlugin, modalTitled, PLUGIN_DIR, resetCommandTest, runCommand, until } from "./commandFixture";

beforeEach(resetCommandTest);

jest.setTimeout(30_000);

const fake = useFakeAnthropic();

const VAULT = {
	"memory.md": "# Memory\n\n## Preferences\n- Short answers.\n",
	"memory/daily/2026-03-18.md":
		"# 2026-03-18\n\n## Log\n- Read chapter 2.\n\n## Candidate long-term memory\n- Prefers tea to coffee.\n",
	"Projects/Atlas.md": "# Atlas\n#project\n",
	"Inbox/Meeting.md": "About [[Atlas]]: the okapi budget.\n",
};

/** A note organized on the user's server (a send), today's memory promoted (writes), then the changes view. */
async function sentAndWrittenThenShown() {
	const settings = { modelProvider: "compatible" as const, serverBaseUrl: fake().baseURL, serverModel: "qwen3" };
	const plugin = await commandPlugin(VAULT, { settings });
	fake().enqueue(
		textReply("Projects/ because it is about Atlas.", { usage: { input_tokens: 321, output_tokens: 12 } }),
	);
	plugin.app.workspace.activeFile = plugin.app.vault.getFileByPath("Inbox/Meeting.md");
	runCommand(plugin.mock, "organize-current-note");
	await modalTitled("Organize Meeting");
	await until(() => (plugin.app.vault.adapter.hidden.get(`${PLUGIN_DIR}/receipts.jsonl`) ?? "") !== "", "the receipt");
	runCommand(plugin.mock, "promote-today");
	await until(() => Notice.messages.some((message) => message.startsWith("Promoted")), "the promotion");
	document.querySelectorAll(".modal-container").forEach((modal) => modal.remove());
	runCommand(plugin.mock, "show-assistant-changes");
	const view = () => plugin.app.workspace.getLeavesOfType(AUDIT_VIEW_TYPE)[0]?.view?.containerEl ?? null;
	await until(() => (view()?.querySelectorAll(".assistant-audit-row").length ?? 0) > 2, "the changes view");
	return { ...plugin, view: () => view()! };
}

describe("show assistant changes, with what was read and sent", () => {
	it("lists each send with where it went, the model, its tokens and links to the notes it carried; the filter shows writes or sends", async () => {
		const { view } = await sentAndWrittenThenShown();
		const rows = () => Array.from(view().querySelectorAll<HTMLElement>(".assistant-audit-row"));
		const sends = () => rows().filter((row) => row.classList.contains("assistant-audit-send"));
		expect(rows()).toHaveLength(3);
		expect(sends()).toHaveLength(1);
		const send = sends()[0];
		expect(send.textContent).toContain(`Sent to ${new URL(fake().baseURL).host}`);
		expect(send.textContent).toContain("Organize on qwen3: 321 tokens in, 12 out");
		const links = Array.from(send.querySelectorAll<HTMLAnchorElement>("a.assistant-audit-sent-note"));
		expect(links.map((link) => link.getAttribute("href"))).toEqual(["Inbox/Meeting.md"]);
		expect(send.textContent).not.toContain("okapi");

		const shown = view().querySelector<HTMLSelectElement>(".assistant-audit-kind-filter")!;
		shown.value = "writes";
		shown.dispatchEvent(new Event("change"));
		expect(sends()).toHaveLength(0);
		expect(rows().map((row) => row.querySelector(".assistant-audit-note")?.textContent)).toEqual([
			"memory/daily/2026-03-18.md",
			"memory.md",
		]);
		shown.value = "sends";
		shown.dispatchEvent(new Event("change"));
		expect(rows()).toHaveLength(1);
		expect(rows()[0].classList.contains("assistant-audit-send")).toBe(true);
	});
});

describe("show assistant changes, with the listings of a server's models", () => {
	it("names a listing as the model list, with no model and no tokens", async () => {
		const plugin = await commandPlugin(VAULT);
		const listing = {
			kind: "model",
			to: "127.0.0.1:11434",
			feature: "model-list",
			paths: [],
			inputTokens: 0,
			outputTokens: 0,
		};
		plugin.app.vault.adapter.hidden.set(
			`${PLUGIN_DIR}/receipts.jsonl`,
			`${JSON.stringify({ time: "2026-03-18T08:00:00.000Z", ...listing, failed: true })}\n`,
		);
		runCommand(plugin.mock, "show-assistant-changes");
		const view = () => plugin.app.workspace.getLeavesOfType(AUDIT_VIEW_TYPE)[0]?.view?.containerEl ?? null;
		await until(() => (view()?.querySelectorAll(".assistant-audit-send").length ?? 0) === 1, "the listing");
		const send = view()!.querySelector<HTMLElement>(".assistant-audit-send")!;
		expect(send.textContent).toContain("Sent to 127.0.0.1:11434");
		expect(send.querySelector(".assistant-audit-reason")?.textContent).toBe(
			"Listing the server's models Failed or stopped, but sent all the same.",
		);
	});
});

describe("show assistant changes, with the texts sent to be embedded", () => {
	it("names an embedding request by its model and how many texts it sent, with links to the notes they came from", async () => {
		const plugin = await commandPlugin(VAULT);
		const embedding = {
			time: "2026-03-18T08:00:00.000Z",
			kind: "model",
			to: "127.0.0.1:11434",
			model: "bge-m3",
			feature: "embedding",
			paths: ["Projects/Atlas.md"],
			inputTokens: 0,
			outputTokens: 0,
			texts: 12,
		};
		plugin.app.vault.adapter.hidden.set(`${PLUGIN_DIR}/receipts.jsonl`, `${JSON.stringify(embedding)}\n`);
		runCommand(plugin.mock, "show-assistant-changes");
		const view = () => plugin.app.workspace.getLeavesOfType(AUDIT_VIEW_TYPE)[0]?.view?.containerEl ?? null;
		await until(() => (view()?.querySelectorAll(".assistant-audit-send").length ?? 0) === 1, "the embedding request");
		const send = view()!.querySelector<HTMLElement>(".assistant-audit-send")!;
		expect(send.querySelector(".assistant-audit-reason")?.textContent).toBe(
			"Embedding notes for search by meaning on bge-m3: 12 texts",
		);
		const links = Array.from(send.querySelectorAll<HTMLAnchorElement>("a.assistant-audit-sent-note"));
		expect(links.map((link) => link.getAttribute("href"))).toEqual(["Projects/Atlas.md"]);
	});
});
