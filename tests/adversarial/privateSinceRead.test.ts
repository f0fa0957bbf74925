/**
 * A note read in an earlier turn of a conversation and marked private since: its text is in
 * the conversation's history, which every later turn sends again.
 */
import { toolResultBlock } from "../../src/core/agent/loop";
import { sessionPrepareRequest } from "../harness/sessionRequest";
import type { ChatMessage } from "../../src/core/model/modelClient";
import { toolsOver } from "../core/agent/tools/toolFixture";

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
});
