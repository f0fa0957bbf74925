/**
 * A binary file named `.md` (a photo, an archive, a database exported with the wrong name) was
 * read as text: decoded leniently, its 140 KB went into the index and to the model as a note. The
 * assistant now treats such a file as no note: not read, not found by a search, not sent. A note
 * in Latin-1, a few accents replaced among its words, is still read.
 */
import { connect, mcpVault, textOf, type Connected } from "../headless/mcp/mcpVault";
import type { TempVault } from "../headless/tempVault";
import { seededRandom } from "./seededRandom";

/** A word only the binary files hold, among their bytes, where a search would find it in text. */
const MARKER = " okapi9173 ";
const SIZE = 140 * 1024;

/** `SIZE` random bytes, with or without NULs, the marker written in a few places. */
function binary(seed: number, withNul: boolean): Uint8Array {
	const random = seededRandom(seed);
	const bytes = Uint8Array.from({ length: SIZE }, () => {
		const byte = Math.floor(random.next() * 256);
		return withNul || byte !== 0 ? byte : 1;
	});
	for (let at = 1000; at < SIZE; at += 40_000) bytes.set(new TextEncoder().encode(MARKER), at);
	return bytes;
}

/** A French note saved as Latin-1: `é` and `à` are single bytes, not UTF-8. */
const LATIN1_NOTE = Uint8Array.from(
	[..."Le caf\u00e9 ouvre \u00e0 neuf heures. okapi9173 est le mot du jour, dit Lin.\n".repeat(20)].map((char) =>
		char.charCodeAt(0),
	),
);

let vault: TempVault;
let connected: Connected;

beforeEach(async () => {
	vault = mcpVault()
		.put("Files/photo.md", binary(1, true))
		.put("Files/archive.md", binary(2, false))
		.put("Notes/cafe.md", LATIN1_NOTE);
	connected = await connect(vault);
});

afterEach(async () => {
	await connected.close();
	vault.remove();
});

describe("a binary file named .md", () => {
	it.each(["Files/photo.md", "Files/archive.md"])("%s is not read as a note", async (path) => {
		const got = await connected.client.callTool({ name: "memory_get", arguments: { path } });
		expect(got.isError).toBe(true);
		expect(textOf(got).length).toBeLessThan(500);
		expect(textOf(got)).not.toContain("okapi9173");
	});

	it("is never found by a search, while a Latin-1 note still is", async () => {
		const found = textOf(
			await connected.client.callTool({ name: "memory_search", arguments: { query: "okapi9173", limit: 20 } }),
		);
		expect(found).toContain("Notes/cafe.md");
		expect(found).not.toContain("Files/photo.md");
		expect(found).not.toContain("Files/archive.md");
	});
});
