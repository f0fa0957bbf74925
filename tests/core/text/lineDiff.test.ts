import { lineDiff, type DiffLine } from "../../../src/core/text/lineDiff";

const numberedLines = (count: number, prefix = "line") =>
	Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`);
const changes = (lines: readonly DiffLine[]) =>
	lines.filter((line) => line.kind === "removed" || line.kind === "added");

describe("the line diff", () => {
	it("shows the three changed lines of a 2,000-line note, with their context, and folds the rest", () => {
		const before = numberedLines(2_000);
		const after = [...before];
		after[10] = "changed near the start";
		after[1_000] = "changed in the middle";
		after[1_990] = "changed near the end";
		const diff = lineDiff(before.join("\n"), after.join("\n"), 1);
		expect(changes(diff)).toEqual([
			{ kind: "removed", text: "line 11" },
			{ kind: "added", text: "changed near the start" },
			{ kind: "removed", text: "line 1001" },
			{ kind: "added", text: "changed in the middle" },
			{ kind: "removed", text: "line 1991" },
			{ kind: "added", text: "changed near the end" },
		]);
		expect(diff.filter((line) => line.kind === "context")).toHaveLength(6);
		expect(diff.filter((line) => line.kind === "gap").map((line) => (line.kind === "gap" ? line.lines : 0))).toEqual([
			9, 987, 987, 8,
		]);
		expect(diff.some((line) => line.kind === "not-compared")).toBe(false);
	});

	it("shows lines inserted and deleted at the start and at the end", () => {
		const body = ["a", "b", "c"].join("\n");
		expect(lineDiff(body, `new\n${body}`, 0)).toEqual([
			{ kind: "added", text: "new" },
			{ kind: "gap", lines: 3 },
		]);
		expect(lineDiff(body, `${body}\nnew`, 0)).toEqual([
			{ kind: "gap", lines: 3 },
			{ kind: "added", text: "new" },
		]);
		expect(lineDiff(body, "b\nc", 0)).toEqual([
			{ kind: "removed", text: "a" },
			{ kind: "gap", lines: 2 },
		]);
		expect(lineDiff(body, "a\nb", 0)).toEqual([
			{ kind: "gap", lines: 2 },
			{ kind: "removed", text: "c" },
		]);
	});

	it("keeps repeated lines that did not change as unchanged", () => {
		const before = ["-", "x", "-", "y", "-", "z", "-"].join("\n");
		const after = ["-", "x", "-", "-", "z", "-", "-"].join("\n");
		const diff = lineDiff(before, after, 10);
		expect(diff.filter((line) => line.kind === "removed")).toEqual([{ kind: "removed", text: "y" }]);
		expect(diff.filter((line) => line.kind === "added")).toEqual([{ kind: "added", text: "-" }]);
		expect(diff.filter((line) => line.kind === "context")).toHaveLength(6);
	});

	it("reads CRLF, CR and LF line ends alike", () => {
		expect(lineDiff("a\r\nb\r\nc", "a\nb\nc")).toEqual([]);
		expect(lineDiff("a\r\nb\r\nc", "a\nB\nc", 1)).toEqual([
			{ kind: "context", text: "a" },
			{ kind: "removed", text: "b" },
			{ kind: "added", text: "B" },
			{ kind: "context", text: "c" },
		]);
	});

	it("shows an empty text as no lines", () => {
		expect(lineDiff("", "")).toEqual([]);
		expect(lineDiff("", "a\nb")).toEqual([
			{ kind: "added", text: "a" },
			{ kind: "added", text: "b" },
		]);
		expect(lineDiff("a", "")).toEqual([{ kind: "removed", text: "a" }]);
	});

	it("compares two unrelated 20,000-line notes in bounded time and says their middle is shown as replaced", () => {
		const before = ["# Same title", ...numberedLines(20_000, "old"), "same end"];
		const after = ["# Same title", ...numberedLines(20_000, "new"), "same end"];
		const started = Date.now();
		const diff = lineDiff(before.join("\n"), after.join("\n"), 1);
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(diff[0]).toEqual({ kind: "context", text: "# Same title" });
		expect(diff[1]).toEqual({ kind: "not-compared" });
		expect(diff.filter((line) => line.kind === "removed")).toHaveLength(20_000);
		expect(diff.filter((line) => line.kind === "added")).toHaveLength(20_000);
		expect(diff[diff.length - 1]).toEqual({ kind: "context", text: "same end" });
	});
});
