import { writeToolsOver } from "./writeToolFixture";

const LATIN1 = Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]);
const BINARY = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]);

describe("write tools on a note that is not plain text", () => {
	it("memory_append refuses a memory.md saved as Latin-1, saying why, and leaves its bytes", async () => {
		const { run, vault, records } = await writeToolsOver({ "memory.md": LATIN1 });
		const result = await run("memory_append", { target: "longterm", text: "Works in the mornings." });
		expect(result.isError).toBe(true);
		expect(result.text).toContain("not plain UTF-8 text");
		expect(await vault.readBinary("memory.md")).toEqual(LATIN1);
		expect(records()).toEqual([]);
	});

	it("note_annotate refuses a binary file named .md, saying why", async () => {
		const { run, vault, records } = await writeToolsOver({ "scan.md": BINARY });
		const result = await run("note_annotate", { path: "scan.md", text: "A scanned page." });
		expect(result.isError).toBe(true);
		expect(result.text).toContain("not plain UTF-8 text");
		expect(await vault.readBinary("scan.md")).toEqual(BINARY);
		expect(records()).toEqual([]);
	});
});
