import type { SessionEvent } from "../../../../src/core/agent/session";
import type { ChatMessage, ModelRequest } from "../../../../src/core/model/modelClient";
import { answer, ScriptedModel, systemText, type ScriptedReply } from "./scriptedModel";
import { drain, localChat, RememberedTools } from "./localSession";
import { ModelError } from "../../../../src/core/model/modelClient";

const SECRET = "okapi7731";

const FILES = {
	"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
	"Notes/Zebras.md": "# Zebras\n\nZebra stripes confuse biting flies, which fail to land on them.\n",
	"Notes/flagged.md": `---\nassistant: private\n---\n# Zebra notes\n\nZebra stripes ${SECRET}\n`,
	"Private/diary.md": `# Diary\n\nZebra stripes ${SECRET}\n`,
};

const QUESTION = "Why do zebras have stripes?";
const ANSWER = "Their stripes confuse biting flies [[Notes/Zebras]].";

/** The types of the events, with `tools-off`'s flag, as the chat pane reads them. */
function order(events: readonly SessionEvent[]): string[] {
	return events.map((event) => (event.type === "tools-off" ? `tools-off(retried: ${event.retried})` : event.type));
}

function blockTypes(messages: readonly ChatMessage[]): string[][] {
	return messages.map((message) => message.content.map((block) => `${message.role}:${block.type}`));
}

describe("a chat on a model without tools", () => {
	it("answers from a search made through the privacy view, shown as a tool call, with no tools offered", async () => {
		const model = new ScriptedModel([answer(ANSWER)]);
		const tools = new RememberedTools(true);
		const { chat, vault } = await localChat(FILES, model, { toolSupport: tools });
		const events = await drain(chat.send(QUESTION));

		expect(order(events)).toEqual([
			"tools-off(retried: false)",
			"tool-started",
			"tool-finished",
			"text",
			"usage",
			"done",
			"saved",
		]);
		const started = events[1];
		expect(started).toMatchObject({ type: "tool-started", name: "memory_search", input: { query: QUESTION } });
		const finished = events[2];
		expect(finished.type === "tool-finished" && finished.result.locations?.map((place) => place.path)).toEqual([
			"Notes/Zebras.md",
		]);

		const [request] = model.requests;
		expect(request.tools).toEqual([]);
		const search = /<notes-search>([\s\S]*)<\/notes-search>/.exec(systemText(request))?.[1] ?? "";
		expect(search).toContain("Zebra stripes confuse biting flies");
		expect(search).toContain("[[Projects/Atlas]]");
		expect(search).toContain("say that the notes do not hold it");
		expect(JSON.stringify(request)).not.toContain(SECRET);
		expect(systemText(request)).toContain("In this chat you cannot call tools");
		expect(systemText(request)).not.toContain("memory_append with target");
		expect(tools.failures).toBe(0);

		expect(blockTypes(chat.conversation)).toEqual([
			["user:text"],
			["assistant:tool_use"],
			["user:tool_result"],
			["assistant:text"],
		]);
		const transcript = await vault.vault.read(chat.transcriptPath ?? "");
		expect(transcript).toMatch(/memory_search[\s\S]*Notes\/Zebras[\s\S]*Their stripes confuse biting flies/);
		expect(transcript).toContain("local, no cost");
	});

	it("sends the model only the text of the conversation, the earlier searches left out", async () => {
		const model = new ScriptedModel([answer(ANSWER), answer("Yes, the flies avoid them.")]);
		const { chat } = await localChat(FILES, model, { toolSupport: new RememberedTools(true) });
		await drain(chat.send(QUESTION));
		await drain(chat.send("Do flies avoid them?"));
		const second = model.requests[1];
		expect(second.tools).toEqual([]);
		expect(blockTypes(second.messages)).toEqual([["user:text"], ["assistant:text"], ["user:text"]]);
		expect(JSON.stringify(second.messages)).toContain(ANSWER);
	});

	it("says when the notes hold nothing on the question, and still offers no tools", async () => {
		const model = new ScriptedModel([answer("The notes do not say.")]);
		const { chat } = await localChat(FILES, model, { toolSupport: new RememberedTools(true) });
		await drain(chat.send("What is the capital of Mongolia?"));
		expect(systemText(model.requests[0])).toContain("No matching memories found.");
	});
});

/** A model that streams a few words, then sends a tool call the client cannot read. */
function brokenToolCall(): ScriptedReply {
	return {
		events: [{ type: "text", text: "Let me look that up." }],
		fails: new ModelError("tools-unsupported", "the tool call could not be read"),
	};
}

describe("a model found unable to call tools in the middle of a turn", () => {
	it("is remembered once, and the turn is answered from a search in its place: the conversation and the transcript hold only that", async () => {
		const model = new ScriptedModel([
			{ events: [], fails: new ModelError("tools-unsupported", "400") },
			answer(ANSWER),
		]);
		const tools = new RememberedTools(false);
		const { chat, vault } = await localChat(FILES, model, { toolSupport: tools });
		const events = await drain(chat.send(QUESTION));

		expect(order(events)).toEqual([
			"tools-off(retried: true)",
			"tool-started",
			"tool-finished",
			"text",
			"usage",
			"done",
			"saved",
		]);
		expect(tools.failures).toBe(1);
		expect(model.requests.map((request: ModelRequest) => request.tools.length > 0)).toEqual([true, false]);
		expect(blockTypes(chat.conversation)).toEqual([
			["user:text"],
			["assistant:tool_use"],
			["user:tool_result"],
			["assistant:text"],
		]);
		const transcript = await vault.vault.read(chat.transcriptPath ?? "");
		expect(transcript.match(/## You/g)).toHaveLength(1);
		expect(transcript).not.toContain("failed");
	});

	it("drops what the failed attempt streamed: the pane hears tools-off after it, and the conversation keeps none of it", async () => {
		const model = new ScriptedModel([brokenToolCall(), answer(ANSWER)]);
		const tools = new RememberedTools(false);
		const { chat } = await localChat(FILES, model, { toolSupport: tools });
		const events = await drain(chat.send(QUESTION));
		expect(order(events)).toEqual([
			"text",
			"tools-off(retried: true)",
			"tool-started",
			"tool-finished",
			"text",
			"usage",
			"done",
			"saved",
		]);
		expect(events.some((event) => event.type === "error")).toBe(false);
		expect(JSON.stringify(chat.conversation)).not.toContain("Let me look that up.");
		const done = events.find((event) => event.type === "done");
		expect(done?.type === "done" && done.result.text).toBe(ANSWER);
	});

	it("retries the message from a search once the model is known to lack tools, without trying the tools again", async () => {
		const model = new ScriptedModel([brokenToolCall(), answer(ANSWER), answer("Again: the flies.")]);
		const tools = new RememberedTools(false);
		const { chat } = await localChat(FILES, model, { toolSupport: tools });
		await drain(chat.send(QUESTION));
		const events = await drain(chat.retry());
		expect(order(events).slice(0, 3)).toEqual(["tools-off(retried: false)", "tool-started", "tool-finished"]);
		expect(tools.failures).toBe(1);
		expect(model.requests[2].tools).toEqual([]);
		expect(chat.conversation).toHaveLength(4);
	});

	it("passes any other failure on as the error it is", async () => {
		const model = new ScriptedModel([{ events: [], fails: new ModelError("server-unreachable", "down") }]);
		const tools = new RememberedTools(false);
		const { chat } = await localChat(FILES, model, { toolSupport: tools });
		const events = await drain(chat.send(QUESTION));
		expect(order(events)).toEqual(["error", "done", "saved"]);
		expect(tools.failures).toBe(0);
	});
});
