import { chunkNote } from "../../../../src/core/retrieval";
import { computeMetadata } from "../../../../headless/metadata";

function chunksOf(content: string) {
	return chunkNote(content, computeMetadata(content));
}

describe("chunking", () => {
	it("cuts at headings, with the heading trail and 1-based lines, and leaves frontmatter out", () => {
		const content = [
			"---", // 1
			"tags: project",
			"---",
			"Intro line.", // 4
			"# Atlas", // 5
			"Atlas body.", // 6
			"## Timeline", // 7
			"Q3 launch.", // 8
			"# Budget", // 9
			"Costs.", // 10
		].join("\n");
		expect(chunksOf(content)).toEqual([
			{ headingTrail: "", startLine: 4, endLine: 4, text: "Intro line." },
			{ headingTrail: "Atlas", startLine: 6, endLine: 6, text: "Atlas body." },
			{ headingTrail: "Atlas > Timeline", startLine: 8, endLine: 8, text: "Q3 launch." },
			{ headingTrail: "Budget", startLine: 10, endLine: 10, text: "Costs." },
		]);
	});

	it("keeps a heading with nothing under it, and gives an empty note one chunk", () => {
		expect(chunksOf("# Empty\n# Full\ntext")).toEqual([
			{ headingTrail: "Empty", startLine: 1, endLine: 1, text: "" },
			{ headingTrail: "Full", startLine: 3, endLine: 3, text: "text" },
		]);
		expect(chunksOf("---\na: 1\n---\n")).toEqual([{ headingTrail: "", startLine: 4, endLine: 4, text: "" }]);
	});

	it("does not take a heading inside a code block for a section boundary", () => {
		const chunks = chunksOf("# Real\n```sh\n# comment\necho hi\n```\n");
		expect(chunks.map((chunk) => chunk.headingTrail)).toEqual(["Real"]);
	});

	it("splits a long section at paragraph boundaries, about 150 characters overlapping", () => {
		const paragraph = (word: string) => `${`${word} `.repeat(80).trim()}.`; // ~ 400 characters
		const content = `# Long\n${[paragraph("alpha"), paragraph("beta"), paragraph("gamma"), paragraph("delta")].join("\n\n")}`;
		const chunks = chunksOf(content);
		expect(chunks.length).toBeGreaterThan(1);
		for (const chunk of chunks) {
			expect(chunk.text.length).toBeLessThanOrEqual(1200);
			expect(chunk.headingTrail).toBe("Long");
			expect(
				content
					.split("\n")
					.slice(chunk.startLine - 1, chunk.endLine)
					.join("\n"),
			).toContain(chunk.text);
		}
		// The first chunk ends at a paragraph; the second starts with the tail of the first (the overlap).
		expect(chunks[0].text.endsWith(".")).toBe(true);
		const overlap = chunks[0].text.slice(-150);
		expect(chunks[1].text.startsWith(overlap.slice(overlap.indexOf(" ") + 1, overlap.indexOf(" ") + 40))).toBe(true);
	});

	it("never cuts in the middle of a word", () => {
		const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(" ");
		const chunks = chunksOf(words);
		const all = new Set(words.split(" "));
		for (const chunk of chunks) for (const word of chunk.text.split(" ")) expect(all.has(word)).toBe(true);
		expect(new Set(chunks.flatMap((chunk) => chunk.text.split(" ")))).toEqual(all);
	});

	it("avoids cutting inside a code block when prose offers a boundary", () => {
		const prose = "Some prose sentence here. ".repeat(20).trim(); // ~ 520 characters
		const code = Array.from({ length: 30 }, (_, i) => `const value${i} = compute(${i});`).join("\n"); // ~ 900
		const content = `${prose}\n\n\`\`\`js\n${code}\n\`\`\`\n\n${prose}`;
		const chunks = chunksOf(content);
		const fenceStart = content.indexOf("```js");
		const fenceEnd = content.lastIndexOf("```") + 3;
		const cuts = chunks.slice(0, -1).map((chunk) => content.indexOf(chunk.text) + chunk.text.length);
		expect(cuts.some((cut) => cut > fenceStart && cut < fenceEnd)).toBe(false);
	});

	it("cuts a code block longer than a chunk between its lines, moving on steadily", () => {
		const code = Array.from({ length: 120 }, (_, i) => `line_${i} = value_${i}`).join("\n");
		const content = `Intro.\n\n\`\`\`\n${code}\n\`\`\`\nOutro.`;
		const chunks = chunksOf(content);
		const lines = new Set(content.split("\n"));
		for (const chunk of chunks) for (const line of chunk.text.split("\n")) expect(lines.has(line)).toBe(true);
		expect(chunks.length).toBeLessThanOrEqual(Math.ceil(content.length / 600));
	});

	it("splits Chinese text without spaces at sentence ends", () => {
		const sentence = "今天我们讨论了检索引擎的设计与实现方案。";
		const chunks = chunksOf(sentence.repeat(120));
		expect(chunks.length).toBeGreaterThan(1);
		for (const chunk of chunks.slice(0, -1)) expect(chunk.text.endsWith("。")).toBe(true);
	});
});
