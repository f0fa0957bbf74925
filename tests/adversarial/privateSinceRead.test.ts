/**
 * A note read in an earlier turn of a conversation and marked private since: its text is in
 * the conversation's history, which every later turn sends again.
 */
import { toolResultBlock } from "../../src/core/agent/loop";
import { ChatSession } from "../../src/core/agent/session";
import { textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { sessionPrepareRequest } from "../harness/sessionRequest";
import type { ChatMessage } from "../../src/core/model/modelClient";
import { toolsOver } from "../core/agent/tools/toolFixture";
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";
import { claudeAt } from "../harness/fakeAnthropic/claudeClient";
import { realDelay } from "../llm/modelFixture";

const fake = useFakeAnthropic();
const delay = realDelay;

describe("a note marked private after the assistant read it", () => {
	// The history keeps the tool result that quoted the note; each later turn checks it against
	// the view again, by the note's path that every quoting result names.
	it("is not sent again in the conversation's later turns", async () => {
		const tools = await toolsOver({ "Notes/plan.md": "# Plan\nokapi-plan-4471\n" });
		const read = await tools.run("memory_get", { path: "Notes/plan.md" });
		expect(read.text).toContain("okapi-plan-4471");
		const history: ChatMessage[] = [
			{ role: "user", content: [{ type: "text", text: "What is in my plan?" }] },
			{
				role: "assistant",
				content: [{ type: "tool_use", id: "t1", name: "memory_get", input: { path: "Notes/plan.md" } }],
			},
			{ role: "user", content: [{ type: "tool_result", toolUseId: "t1", content: read.text }] },
			{ role: "assistant", content: [{ type: "text", text: "Your plan lists one thing." }] },
		];
		await tools.vault.process("Notes/plan.md", (text) => `---\nassistant: private\n---\n${text}`);
		expect(tools.deps.vault.stat("Notes/plan.md")).toBeNull();
		const request = await sessionPrepareRequest(tools.deps, [])(history, "Thanks. Anything else?");
		expect(JSON.stringify(request)).not.toContain("okapi-plan-4471");
		expect(JSON.stringify(request)).toContain("Withheld: this result came from a note that is private now.");
	});

	// A search's result holds the passages it found twice: in its text and in its data, which the
	// offline model answers from. Withholding one and not the other would send the note again.
	it("is not kept in the data beside a search result either", async () => {
		const tools = await toolsOver({ "Notes/plan.md": "# Plan\nThe okapi plan is okapi-plan-4471.\n" });
		const found = await tools.run("memory_search", { query: "okapi plan" });
		expect(found.text).toContain("okapi-plan-4471");
		const history: ChatMessage[] = [
			{ role: "user", content: [{ type: "text", text: "What is the okapi plan?" }] },
			{
				role: "assistant",
				content: [{ type: "tool_use", id: "t1", name: "memory_search", input: { query: "okapi plan" } }],
			},
			{ role: "user", content: [toolResultBlock("t1", found)] },
			{ role: "assistant", content: [{ type: "text", text: "It has a code." }] },
		];
		expect(JSON.stringify(history)).toContain('"data":');
		await tools.vault.process("Notes/plan.md", (text) => `---\nassistant: private\n---\n${text}`);
		const request = await sessionPrepareRequest(tools.deps, [])(history, "Thanks. Anything else?");
		expect(JSON.stringify(request)).not.toContain("okapi-plan-4471");
	});

	// A proposed edit's call copies the note's text into its input (each find), which the model
	// wrote and the history keeps: withheld with its result, not only the result.
	it("is not sent again in the input of the call that proposed an edit to it", async () => {
		const tools = await writeToolsOver({ "Notes/plan.md": "# Plan\nokapi-plan-4471 by May.\n" });
		const input = {
			path: "Notes/plan.md",
			edits: [{ find: "okapi-plan-4471 by May.", replace: "okapi-plan-4471 by June." }],
			reason: "Move the date",
		};
		const proposed = await tools.run("note_edit", input);
		expect(proposed.isError).toBe(false);
		const history: ChatMessage[] = [
			{ role: "user", content: [{ type: "text", text: "Move my plan to June." }] },
			{ role: "assistant", content: [{ type: "tool_use", id: "t1", name: "note_edit", input }] },
			{ role: "user", content: [toolResultBlock("t1", proposed)] },
			{ role: "assistant", content: [{ type: "text", text: "I proposed the change." }] },
		];
		await tools.vault.process("Notes/plan.md", (text) => `---\nassistant: private\n---\n${text}`);
		const request = await sessionPrepareRequest(tools.deps, [])(history, "Thanks. Anything else?");
		expect(JSON.stringify(request)).not.toContain("okapi-plan-4471");
		expect(JSON.stringify(request)).toContain('"name":"note_edit"');
	});

	// Moved, the note is hidden at a path no result of the history names, and its old path names
	// no file at all: the results are checked by the paths they name, against the view as it is now.
	it("is not sent again after it was moved into a private folder", async () => {
		const tools = await writeToolsOver(
			{ "Notes/plan.md": "# Plan\nokapi-plan-4471\n" },
			{ excludedFolders: ["Private"] },
		);
		const model = claudeAt(fake().baseURL);
		const session = new ChatSession(
			() => ({ model, modelId: "claude-test", tools: tools.deps, delay, transcript: null }),
			{
				now: () => new Date("2026-03-15T12:00:00Z"),
			},
		);
		fake().enqueue(toolUseReply("memory_get", { path: "Notes/plan.md" }), textReply("One thing."), textReply("No."));
		for await (const event of session.send("What is in my plan?")) void event;
		expect(JSON.stringify(fake().messageBodies[1])).toContain("okapi-plan-4471");
		await tools.vault.rename("Notes/plan.md", "Private/plan.md");
		for await (const event of session.send("Thanks. Anything else?")) void event;
		const [, , later] = fake().messageBodies;
		expect(JSON.stringify(later)).not.toContain("okapi-plan-4471");
		expect(JSON.stringify(later)).toContain("Withheld: this result came from a note that is private now.");
	});
});
