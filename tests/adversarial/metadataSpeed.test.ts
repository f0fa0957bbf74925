/**
 * The metadata parser of the Node host reads every note of the vault. A note crafted to be slow
 * to read (a line under a table-like header that looks like a table's rule until a long run of
 * spaces ends in something else) took time squared in the run's length; it must read in time
 * proportional to its length. The bound is ample for a loaded machine; the old time was a minute.
 */
import { computeMetadata } from "../../headless/metadata";

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
