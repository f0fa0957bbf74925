import { computeMetadata } from "../../../headless/metadata";

/**
 * A note the user pasted or a tool generated can nest thousands of levels deep. The parser must
 * read it in time proportional to its length, without running out of stack: these bounds are
 * minutes' worth of slack for a machine under load, far from what quadratic work would take.
 */
const GENEROUS_MS = 20_000;
jest.setTimeout(60_000);

function timed<T>(work: () => T): { value: T; ms: number } {
	const started = Date.now();
	const value = work();
	return { value, ms: Date.now() - started };
}

/** A staircase list: each item one level (two columns) deeper than the one before. */
function staircaseList(levels: number): string {
	const lines: string[] = [];
	for (let level = 0; level < levels; level++) lines.push(`${"  ".repeat(level)}- item ${level}`);
	return `${lines.join("\n")}\n`;
}

describe("deeply nested notes", () => {
	it("reads 5,000 nested block quotes, and lazy lines after them, as one quote", () => {
		const content = `${">".repeat(5000)} deepest #quoted\n${"lazy line\n".repeat(300_000)}\nafter\n`;
		const { value: cache, ms } = timed(() => computeMetadata(content));
		expect(cache.sections?.map((section) => section.type)).toEqual(["blockquote", "paragraph"]);
		expect(cache.tags?.map((tag) => tag.tag)).toEqual(["#quoted"]);
		expect(cache.sections?.[0].position.end.line).toBe(300_000);
		expect(ms).toBeLessThan(GENEROUS_MS);
	});

	it("reads 5,000 list levels opened on one line, and the blank lines after them", () => {
		// Empty lines and lines of spaces in turn, which continue the open items in different ways.
		const content = `${"- ".repeat(5000)}deepest [[Target]]\n${"\n   \n".repeat(125_000)}end\n`;
		const { value: cache, ms } = timed(() => computeMetadata(content));
		expect(cache.listItems).toHaveLength(5000);
		expect(cache.links?.map((link) => link.link)).toEqual(["Target"]);
		expect(cache.sections?.map((section) => section.type)).toEqual(["list", "paragraph"]);
		expect(ms).toBeLessThan(GENEROUS_MS);
	});

	it("reads a 25 MB list nested 5,000 levels deep, each item the child of the one above", () => {
		const content = staircaseList(5000);
		expect(content.length).toBeGreaterThan(25_000_000);
		const { value: cache, ms } = timed(() => computeMetadata(content));
		const items = cache.listItems ?? [];
		expect(items).toHaveLength(5000);
		expect(items[0].parent).toBe(-1);
		expect(items.slice(1).every((item, index) => item.parent === index)).toBe(true);
		expect(items[4999].position.start.line).toBe(4999);
		expect(cache.sections).toHaveLength(1);
		expect(ms).toBeLessThan(GENEROUS_MS);
	});

	it("reads a flat list of 200,000 items in linear time", () => {
		const content = "- item\n".repeat(200_000);
		const { value: cache, ms } = timed(() => computeMetadata(content));
		expect(cache.listItems).toHaveLength(200_000);
		expect(cache.listItems?.[199_999].position.start.line).toBe(199_999);
		expect(ms).toBeLessThan(GENEROUS_MS);
	});
});
