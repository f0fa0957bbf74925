import type { ToolCallRecord } from "../../../../src/core/agent/loop";
import { saysFinished, saysLeaving } from "../../../../src/core/agent/session/checkpointIntent";
import { CheckpointMoments } from "../../../../src/core/agent/session/checkpointMoments";

const isWrite = (name: string) => name !== "memory_search";

function call(name: string, input: unknown, isError = false): ToolCallRecord {
	return { id: `call_${Math.random()}`, name, input, result: { text: isError ? "Error: no" : "ok", isError } };
}

describe("the words of a checkpoint moment", () => {
	it.each([
		"bye",
		"OK, bye!",
		"Good night",
		"I'm off, thanks",
		"Gotta go",
		"I have to run now.",
		"That's all for today.",
		"Let's pick this up tomorrow",
		"see you tomorrow",
		"calling it a day",
	])("takes %j for the user leaving", (text) => expect(saysLeaving(text)).toBe(true));

	it.each([
		"我先走了",
		"先走了，明天继续",
		"明天见！",
		"好的，拜拜",
		"晚安",
		"今天就到这里吧",
		"先这样吧",
		"下班了",
		"また明日",
		"お疲れ様でした",
		"今日はここまで",
	])("takes the Chinese or Japanese %j for the user leaving", (text) => expect(saysLeaving(text)).toBe(true));

	it.each([
		"I need to go through the notes on chapter 2",
		"What does the byelaw say?",
		"先这样改一下标题",
		"How does a good night's sleep affect memory?",
		"下次再见到导师时要问什么？",
		"走查一下第二章",
		"What is left to do?",
	])("does not take %j for the user leaving", (text) => expect(saysLeaving(text)).toBe(false));

	it.each([
		"I finished the draft of chapter 2",
		"Great, we have finally completed the survey",
		"We've just completed phase one.",
		"I'm done with the literature review",
		"The analysis is done.",
		"第二章写完了",
		"终于搞定了！",
		"論文を提出しました",
	])("takes %j for a part of the work finished", (text) => expect(saysFinished(text)).toBe(true));

	it.each([
		"Have I finished the list?",
		"第二章写完了吗？",
		"Is the analysis done?",
		"How do I finish a draft faster?",
		"完了したか？",
	])("does not take the question %j for a part finished", (text) => expect(saysFinished(text)).toBe(false));
});

describe("a chat's checkpoint moments", () => {
	it("comes with the turn after ten turns without a checkpoint, and then not again for ten more", () => {
		const moments = new CheckpointMoments();
		for (let turn = 1; turn <= 10; turn++) {
			expect(moments.momentOf(`Question ${turn}`)).toBeNull();
			moments.turnEnded(`Question ${turn}`, null, [], isWrite);
		}
		expect(moments.momentOf("Question 11")).toBe("many-turns");
		moments.turnEnded("Question 11", "many-turns", [], isWrite);
		expect(moments.momentOf("Question 12")).toBeNull();
	});

	it("starts counting again once the model saves a checkpoint", () => {
		const moments = new CheckpointMoments();
		for (let turn = 1; turn <= 9; turn++) moments.turnEnded("Go on", null, [], isWrite);
		moments.turnEnded("Note where we are", null, [call("checkpoint", { doing: "x", next_action: "y" })], isWrite);
		moments.turnEnded("Go on", null, [], isWrite);
		expect(moments.momentOf("Go on")).toBeNull();
	});

	it("comes once more than five notes were written, each note counted once and failed writes not at all", () => {
		const moments = new CheckpointMoments();
		const annotate = (path: string) => call("note_annotate", { path, text: "Seen." });
		moments.turnEnded(
			"Annotate these",
			null,
			[annotate("A.md"), annotate("B.md"), annotate("A.md"), call("memory_append", { target: "daily", text: "x" })],
			isWrite,
		);
		moments.turnEnded(
			"And these",
			null,
			[
				call("memory_append", { target: "daily", text: "y" }),
				call("memory_search", { query: "z" }),
				call("note_annotate", { path: "Z.md" }, true),
			],
			isWrite,
		);
		moments.turnEnded(
			"Capture two",
			null,
			[call("capture_note", { title: "One" }), call("capture_note", { title: "Two" })],
			isWrite,
		);
		// A, B, the daily note, two captures: five notes, not more.
		expect(moments.momentOf("Next")).toBeNull();
		moments.turnEnded("One more", null, [annotate("C.md")], isWrite);
		expect(moments.momentOf("Next")).toBe("many-notes");
	});

	it("is the user's farewell at once, and offers to save what they were doing before it", () => {
		const moments = new CheckpointMoments();
		moments.turnEnded("Draft the methods section of chapter 2", null, [], isWrite);
		expect(moments.momentOf("OK, bye!")).toBe("leaving");
		moments.turnEnded("OK, bye!", "leaving", [], isWrite);
		expect(moments.draft()).toEqual({ doing: "Draft the methods section of chapter 2" });
	});
});
