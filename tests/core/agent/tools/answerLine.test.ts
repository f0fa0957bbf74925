import { answerScore, questionOf } from "../../../../src/core/agent/tools/answerLine";

describe("what a question asks, and how well a line answers it", () => {
	it("reads ordinals written in Chinese numerals as the digits notes write, and knows when it asks when", () => {
		expect(questionOf("论文第十二章什么时候交？")).toMatchObject({ ordinals: new Set(["12"]), asksWhen: true });
		expect(questionOf("第二十三周的计划")).toMatchObject({ ordinals: new Set(["23"]), asksWhen: false });
		// Digits are words of the question already: no ordinal counts them twice.
		expect(questionOf("第2章").ordinals).toEqual(new Set());
		expect(questionOf("When is the review?").asksWhen).toBe(true);
		expect(questionOf("いつ提出しますか").asksWhen).toBe(true);
	});

	it("counts a date as the answer to when, and a line's context only once the line answers something itself", () => {
		const question = questionOf("论文第二章什么时候交？");
		const context = new Set(["论文"]);
		expect(answerScore(question, { line: 1, text: "- [ ] Chapter 2 draft, due on 2026-12-15" }, context)).toBe(3);
		expect(answerScore(question, { line: 2, text: "- [ ] Chapter 2 draft" }, context)).toBe(2);
		expect(answerScore(question, { line: 3, text: "- [x] Ethics approval" }, context)).toBe(0);
		expect(answerScore(questionOf("thesis review"), { line: 4, text: "Booked on 2026-12-15" }, new Set())).toBe(0);
	});
});
