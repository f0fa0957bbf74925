/**
 * The metadata parser of the Node host reads every note of the vault. A note crafted to be slow
 * to read (a line under a table-like header that looks like a table's rule until a long run of
 * spaces ends in something else) took time squared in the run's length; it must read in time
 * proportional to its length. The bound is ample for a loaded machine; the old time was a minute.
 */
import { computeMetadata } from "../../headless/metadata";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { viewOf } from "../harness/viewOf";

const GENEROUS_MS = 5_000;
jest.setTimeout(300_000);

const RUN = " ".repeat(300_000);

describe("a table-like line that ends in a long run of spaces and then text", () => {
	it("is read quickly", () => {
		const content = `zebra | harbor\n|----------${RUN}x\n`;
		const started = Date.now();
		const cache = computeMetadata(content);
		expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
		expect(cache.sections?.map((section) => section.type)).toEqual(["paragraph"]);
	});

	it("still reads a rule with trailing spaces as a table's", () => {
		expect(computeMetadata("a | b\n|---|---|   \n| 1 | 2 |\n").sections?.map((section) => section.type)).toEqual([
			"table",
		]);
	});
});

/**
 * A note's properties are read by the YAML library, which compared every key of a mapping with
 * every earlier one: a note of 100,000 properties took most of a minute, and held up every route
 * that lists the vault (the MCP server's start among them). Such a block is now left unread before
 * it is parsed, and its note is hidden as one whose properties cannot be read.
 */
describe("a note with a huge number of properties", () => {
	const properties = (count: number, extra = "") =>
		`---\n${Array.from({ length: count }, (_, key) => `key${key}: value ${key}`).join("\n")}\n${extra}---\n# Body\n`;

	it("is left unread quickly, and hidden", () => {
		const content = properties(100_000);
		const started = Date.now();
		const cache = computeMetadata(content);
		expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
		expect(cache.frontmatter).toBeUndefined();

		const view = viewOf(new MemoryVault({ files: { "Data/huge.md": content, "Notes/plain.md": "# Plain\n" } }));
		expect(view.stat("Data/huge.md")).toBeNull();
		expect(view.stat("Notes/plain.md")).not.toBeNull();
	});

	it("still reads thousands of properties, and still finds a key written twice among them", () => {
		const started = Date.now();
		expect(Object.keys(computeMetadata(properties(9_000)).frontmatter ?? {})).toHaveLength(9_000);
		expect(computeMetadata(properties(9_000, "key0: again\n")).frontmatter).toBeUndefined();
		expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
	});
});
