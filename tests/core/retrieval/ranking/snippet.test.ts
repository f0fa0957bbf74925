import { snippetOf } from "../../../../src/core/retrieval";

describe("snippets", () => {
	const content = ["# Title", "First line of the passage.", "The quokka smiles.", "Last line."].join("\n");

	it("starts at the first line of the passage that holds a matched term", () => {
		expect(snippetOf(content, { line: 2, endLine: 4, matchedTerms: ["quokka"] })).toEqual({
			line: 3,
			text: "The quokka smiles. Last line.",
		});
	});

	it("starts at the passage when no term is found (a title-only match)", () => {
		expect(snippetOf(content, { line: 2, endLine: 4, matchedTerms: [] }).line).toBe(2);
	});

	it("stays within the limit, cutting at a word, and shows the term in a long line", () => {
		const long = `${"lorem ipsum ".repeat(60)}the quokka ${"dolor sit ".repeat(60)}`;
		const snippet = snippetOf(long, { line: 1, endLine: 1, matchedTerms: ["quokka"] }, 120);
		expect(snippet.text.length).toBeLessThanOrEqual(120);
		expect(snippet.text).toContain("quokka");
		expect(snippet.text.startsWith("…")).toBe(true);
		expect(snippet.text.endsWith("…")).toBe(true);
	});
});
