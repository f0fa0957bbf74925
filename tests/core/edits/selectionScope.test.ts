import { scopeLines, selectionScope } from "../../../src/core/edits";

const NOTE = "# Atlas\n\nFirst line.\nSecond line.\nThird line.\n";
const at = (text: string) => ({
	path: "Atlas.md",
	from: NOTE.indexOf(text),
	to: NOTE.indexOf(text) + text.length,
	text,
});

describe("selectionScope", () => {
	it("is the selection where it was, on its lines", () => {
		const scope = selectionScope(NOTE, at("First line.\nSecond"));
		expect(scope).toEqual({ path: "Atlas.md", from: 9, to: 27 });
		if (scope !== null) expect(scopeLines(NOTE, scope)).toEqual({ first: 3, last: 4 });
	});

	it("follows the selected text when the note changed above it, or has \\r\\n line breaks the editor shows as \\n", () => {
		const moved = `Added on top.\n${NOTE}`;
		expect(selectionScope(moved, at("Second line."))).toEqual({
			path: "Atlas.md",
			from: 14 + NOTE.indexOf("Second"),
			to: 14 + NOTE.indexOf("Second") + 12,
		});
		const crlf = NOTE.replace(/\n/g, "\r\n");
		const scope = selectionScope(crlf, at("First line.\nSecond line."));
		expect(scope === null ? null : crlf.slice(scope.from, scope.to)).toBe("First line.\r\nSecond line.");
	});

	it("reads the editor's offsets of a note with \r\n line breaks as the editor counts them, one per line break", () => {
		// The editor shows `1\n2\n3\n4\nTODOTODO`: the second TODO is at 12..16 there, at 16..20 in the file,
		// where 12..16 holds the first TODO. The scope is the TODO the user selected.
		const crlf = "1\r\n2\r\n3\r\n4\r\nTODOTODO\r\n";
		expect(selectionScope(crlf, { path: "Atlas.md", from: 12, to: 16, text: "TODO" })).toEqual({
			path: "Atlas.md",
			from: 16,
			to: 20,
		});
	});

	it("is nothing when the text is empty, gone, or found twice", () => {
		expect(selectionScope(NOTE, { path: "Atlas.md", from: 3, to: 3, text: "" })).toBeNull();
		expect(selectionScope("Rewritten.", at("First line."))).toBeNull();
		expect(selectionScope("line. line.", at("line."))).toBeNull();
	});
});
