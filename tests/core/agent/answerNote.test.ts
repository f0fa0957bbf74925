import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { answerNoteFileName, answerNoteText } from "../../../src/core/agent/answerNote";

describe("an answer saved as a note", () => {
	it("is named after the question's first line, its closing punctuation and unsafe characters gone", () => {
		expect(answerNoteFileName("When is the method chapter due?")).toBe("When is the method chapter due.md");
		expect(answerNoteFileName("论文第二章什么时候交？")).toBe("论文第二章什么时候交.md");
		expect(answerNoteFileName("Compare [[A]] and B: which is faster?\nAnd why?")).toBe(
			"Compare A and B which is faster.md",
		);
		expect(answerNoteFileName("???")).toBe("Untitled.md");
	});

	it("holds the answer's markdown, ending with one line break", () => {
		expect(answerNoteText("\n- [ ] Pack the dry bag\n- [x] Book the car\n\n", viewOf(new MemoryVault()).policy)).toBe(
			"- [ ] Pack the dry bag\n- [x] Book the car\n",
		);
	});
});
