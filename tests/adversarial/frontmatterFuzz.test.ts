/**
 * Properties that fail closed: a note whose properties say `assistant: private` stays hidden
 * whatever else is wrong with them. Each case takes a note flagged private in one of the ways a
 * person writes it and damages the rest of its properties at random (a duplicated key, a tab, an
 * unclosed quote or bracket, an alias bomb, absurd nesting, a byte-order mark, Windows line
 * endings, junk): either the properties still parse, and the flag hides the note, or they do
 * not, and the note counts as private until they are fixed. Never is the note shown.
 */
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { viewOf } from "../harness/viewOf";
import { seededRandom } from "./seededRandom";
import { DAMAGING_LINES, PRIVATE_FLAGS } from "./spellings";

const CASES = Number(process.env.ADVERSARIAL_FRONTMATTER_CASES ?? 1500);

/** One damaged note: the flag among up to four damaging lines, in random order, maybe behind a BOM, maybe CRLF. */
function damagedNote(seed: number): string {
	const random = seededRandom(seed);
	const lines = [random.pick(PRIVATE_FLAGS)];
	const damage = Math.floor(random.next() * 5);
	for (let i = 0; i < damage; i++)
		lines.splice(Math.floor(random.next() * (lines.length + 1)), 0, random.pick(DAMAGING_LINES));
	let note = `---\n${lines.join("\n")}\n---\n# A private day\n\nokapi${seed} lives here.\n`;
	if (random.next() < 0.2) note = `\uFEFF${note}`;
	if (random.next() < 0.3) note = note.replace(/\n/g, "\r\n");
	return note;
}

describe("properties that cannot be read fail closed", () => {
	it(`hides every one of ${CASES} notes flagged private with damaged properties`, async () => {
		const shown: string[] = [];
		for (let seed = 1; seed <= CASES; seed++) {
			const note = damagedNote(seed);
			const vault = new MemoryVault({ files: { "Diary/day.md": note, "Notes/public.md": "# Public\n" } });
			const view = viewOf(vault);
			if (view.stat("Diary/day.md") !== null || view.listFiles().some((file) => file.path === "Diary/day.md"))
				shown.push(JSON.stringify(note));
			await expect(view.read("Diary/day.md")).rejects.toThrow();
		}
		expect(shown).toEqual([]);
	});
});
