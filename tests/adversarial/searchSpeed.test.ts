/**
 * A search reads each note it finds to show its best passage: a note crafted to be slow to read
 * (a pasted log, a minified dump, whitespace run wild) must not freeze the chat. Each case is a
 * note within the index's size limit whose reading took tens of seconds once; a second is ample
 * for it on a loaded machine.
 */
import { toolsOver } from "../core/agent/tools/toolFixture";

const SECOND = 1000;

async function searchTime(text: string, query: string): Promise<{ ms: number; text: string }> {
	const { run } = await toolsOver({ "Log.md": text });
	const start = performance.now();
	const result = await run("memory_search", { query });
	return { ms: performance.now() - start, text: result.text };
}

describe("a search stays quick over notes made to be slow to read", () => {
	it("a table-like line followed by a long run of spaces", async () => {
		const { ms, text } = await searchTime(`zebra | harbor\n${" ".repeat(300_000)}x\n`, "zebra");
		expect(text).toContain("Log.md");
		expect(ms).toBeLessThan(SECOND);
	}, 120_000);

	it("a table-like line followed by a rule of dashes that ends in spaces", async () => {
		const { ms, text } = await searchTime(`zebra | harbor\n|${"-".repeat(10)}${" ".repeat(300_000)}x\n`, "zebra");
		expect(text).toContain("Log.md");
		expect(ms).toBeLessThan(SECOND);
	}, 120_000);
});
