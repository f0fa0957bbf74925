import { ChatSession, type SessionEvent, type TurnPorts } from "../../../src/core/agent/session";
import type { TurnResult } from "../../../src/core/agent/loop";
import type { EditProposalDisplay } from "../../../src/core/agent/tools";
import { TURN_BUDGETS } from "../../../src/core/agent/turnBudgets";
import { applyProposal, type EditProposal } from "../../../src/core/edits";
import { undoWrite } from "../../../src/core/memory/undoWrite";
import { t } from "../../../src/i18n";
import { createModelClient } from "../../../src/llm";
import { messageReply, textReply, toolUseReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { NOW, writeToolsOver, type WriteToolVault } from "../agent/tools/writeToolFixture";
import { receiptsInMemory } from "../../harness/receipts";

const { receipts } = receiptsInMemory();

/**
 * Approved edits end to end over the real SDK: the fake Messages API scripts the model's
 * `note_edit` calls, the chat session runs them, and `applyProposal` stands for the card's Apply.
 */

const fake = useFakeAnthropic();
const SECRET = "okapi7731";

const ATLAS =
	"# Atlas\n\nThe project starts in May.\nIt has two goals.\n\n## Goals\n\n- Ship the map.\n- Teach the team.\n";

const FILES: Record<string, string> = {
	"Projects/Atlas.md": ATLAS,
	"Papers/Checked.md": "---\nverified: true\n---\nAbstract as published.\n",
	"Private/diary.md": `# Diary\n\n${SECRET}\n`,
	"Notes/flagged.md": `---\nassistant: private\n---\n${SECRET}\n`,
};

const delay = (callback: () => void, ms: number) => {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
};

let vault: WriteToolVault;
let chat: ChatSession;
beforeEach(async () => {
	vault = await writeToolsOver(FILES, { excludedFolders: ["Private"] });
	const ports: TurnPorts = {
		model: createModelClient({ apiKey: "test", baseURL: fake().baseURL, delay, translate: t, receipts }),
		modelId: "claude-test",
		tools: vault.deps,
		delay,
		transcript: null,
	};
	chat = new ChatSession(() => ports, { now: () => new Date(NOW) });
});

async function send(text: string, notes = {}): Promise<{ events: SessionEvent[]; result: TurnResult }> {
	const events: SessionEvent[] = [];
	const turn = chat.send(text, notes);
	for (;;) {
		const next = await turn.next();
		if (next.done === true) return { events, result: next.value };
		events.push(next.value);
	}
}

function proposalsOf(result: TurnResult): EditProposal[] {
	return result.toolCalls.flatMap((call) =>
		call.result.display?.kind === "edit-proposal" ? [(call.result.display as EditProposalDisplay).proposal] : [],
	);
}

/** What the fake server sent back to the model as tool results, in order. */
function toolResultTexts(): string[] {
	return fake().messageBodies.flatMap((body) => {
		const messages = (body as { messages: { content: { type: string; content?: unknown }[] | string }[] }).messages;
		const last = messages[messages.length - 1];
		return typeof last.content === "string"
			? []
			: last.content.filter((block) => block.type === "tool_result").map((block) => JSON.stringify(block.content));
	});
}

const FIX_DATES = {
	path: "Projects/Atlas.md",
	edits: [
		{ find: "starts in May", replace: "starts in June" },
		{ find: "- Teach the team.", replace: "- Teach everyone." },
	],
	reason: "You said the start moved to June",
};

describe("note_edit over the real SDK", () => {
	it("writes nothing when the model proposes; only the accepted hunks once the user applies them, audited, with Undo", async () => {
		fake().enqueue(toolUseReply("note_edit", FIX_DATES), textReply("I proposed two changes for you to review."));
		const { result } = await send("Fix the start date in [[Atlas]] and broaden the last goal");
		const [proposal] = proposalsOf(result);
		expect(proposal.hunks).toHaveLength(2);
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(ATLAS);
		expect(vault.log.text).toBe("");
		expect(toolResultTexts()[0]).toContain("Nothing is written yet");

		// The user accepts the first hunk only, and applies.
		const outcome = await applyProposal(vault.deps, proposal, new Set([proposal.hunks[0].id]));
		expect(outcome).toMatchObject({ kind: "applied", hunks: 1 });
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(ATLAS.replace("May", "June"));
		expect(vault.records()).toEqual([
			expect.objectContaining({
				action: "edit",
				path: "Projects/Atlas.md",
				reason: expect.stringContaining("1 of 2") as string,
			}),
		]);
		if (outcome.kind !== "applied") throw new Error("expected applied");
		expect(await undoWrite(outcome.undo, vault.deps, "user")).toMatchObject({ kind: "restored" });
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(ATLAS);
	});

	it("refuses to apply a proposal once the user changed the note, and writes nothing", async () => {
		fake().enqueue(toolUseReply("note_edit", FIX_DATES), textReply("Proposed."));
		const [proposal] = proposalsOf((await send("Fix the start date")).result);
		await vault.vault.process("Projects/Atlas.md", (text) => text.replace("two goals", "three goals"));
		expect(await applyProposal(vault.deps, proposal, new Set([0, 1]))).toEqual({
			kind: "stale",
			path: "Projects/Atlas.md",
		});
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(ATLAS.replace("two goals", "three goals"));
		expect(vault.records()).toEqual([]);
	});

	it("refuses verified and private notes: no proposal, nothing of a private note sent back", async () => {
		fake().enqueue(
			messageReply([
				{
					type: "tool_use",
					id: "toolu_v",
					name: "note_edit",
					input: { path: "Papers/Checked.md", edits: [{ find: "Abstract", replace: "Summary" }], reason: "r" },
				},
				{
					type: "tool_use",
					id: "toolu_p",
					name: "note_edit",
					input: { path: "Private/diary.md", edits: [{ find: "Diary", replace: "x" }], reason: "r" },
				},
				{
					type: "tool_use",
					id: "toolu_f",
					name: "note_edit",
					input: { path: "Notes/flagged.md", edits: [{ find: "private", replace: "x" }], reason: "r" },
				},
			]),
			textReply("I cannot change those."),
		);
		const { result } = await send("Rewrite my paper abstract and my diary");
		expect(proposalsOf(result)).toEqual([]);
		expect(result.toolCalls.map((call) => call.result.isError)).toEqual([true, true, true]);
		const [verified, ...hidden] = toolResultTexts();
		expect(verified).toContain("marked `verified`");
		for (const text of hidden) expect(text).not.toContain(SECRET);
		expect(JSON.stringify(fake().messageBodies)).not.toContain(SECRET);
		expect(await vault.snapshot()).toEqual(FILES);
	});

	it("bounds a flood of proposals by the turn's budget, and the user is told", async () => {
		const flood = Array.from({ length: 10 }, (_, i) => ({
			type: "tool_use" as const,
			id: `toolu_flood_${i}`,
			name: "note_edit",
			input: { path: "Projects/Atlas.md", edits: [{ find: "two goals", replace: `${i} goals` }], reason: "planted" },
		}));
		fake().enqueue(messageReply(flood), textReply("I stopped."));
		const { events, result } = await send("Follow the instructions in the note");
		const limit = TURN_BUDGETS.perAnswer.editProposals;
		expect(proposalsOf(result)).toHaveLength(limit);
		expect(events).toContainEqual({ type: "budget-reached", hit: { scope: "answer", count: "editProposals", limit } });
		expect(
			toolResultTexts().filter((text) => text.includes(`the limit of ${limit} edit proposals per answer`)),
		).toHaveLength(10 - limit);
		// Proposals are not writes: the writes budget is untouched, and nothing was written.
		expect(vault.log.text).toBe("");
	});

	it("shows the model the user's selection and keeps the turn's proposals inside it", async () => {
		const text = "- Teach the team.";
		const from = ATLAS.indexOf(text);
		fake().enqueue(
			messageReply([
				{
					type: "tool_use",
					id: "toolu_in",
					name: "note_edit",
					input: { path: "Projects/Atlas.md", edits: [{ find: "the team", replace: "everyone" }], reason: "r" },
				},
				{
					type: "tool_use",
					id: "toolu_out",
					name: "note_edit",
					input: { path: "Projects/Atlas.md", edits: [{ find: "May", replace: "June" }], reason: "r" },
				},
			]),
			textReply("One change proposed."),
		);
		const { result } = await send("Make this broader", {
			selection: { path: "Projects/Atlas.md", from, to: from + text.length, text },
		});
		const system = JSON.stringify((fake().messageBodies[0] as { system: unknown }).system);
		expect(system).toContain("in [[Atlas]], line 9;");
		expect(proposalsOf(result)).toEqual([
			expect.objectContaining({ scope: { path: "Projects/Atlas.md", from, to: from + text.length } }),
		]);
		expect(toolResultTexts()[1]).toContain("only inside that selection");
	});
});
