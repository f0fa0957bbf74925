/**
 * Properties that fail closed: a note whose properties say `assistant: private` stays hidden
 * whatever else is wrong with them. Each case takes a note flagged private in one of the ways a
 * person writes it and damages the rest of its properties at random (a duplicated key, a tab, an
 * unclosed quote or bracket, an alias bomb, absurd nesting, a byte-order mark, Windows line
 * endings, junk): either the properties still parse, and the flag hides the note, or they do
 * not, and the note counts as private until they are fixed. Never is the note shown.
 */
import { MemoryVault } from "../harness/memoryVault";
import { viewOf } from "../harness/viewOf";

const CASES = Number(process.env.ADVERSARIAL_FRONTMATTER_CASES ?? 1500);

const FLAGS = ["assistant: private", "Assistant: PRIVATE", 'assistant: " Private"', "ASSISTANT: ｐｒｉｖａｔｅ", "assistant: Private.", "assistant: [draft, private]", "assistant:\n  - private"];

/** Lines that break YAML, or make it strange, without closing the block (no `---`). */
const DAMAGE = [
	"title: a: b",
	'title: "unclosed',
	"title: 'unclosed",
	"tags: [unclosed",
	"tags: {unclosed",
	"\ttabbed: value",
	"list:\n\t- tabbed item",
	"assistant: public",
	"assistant: private",
	"tags: [a, b]\ntags: [c]",
	"a: &anchor [*anchor]",
	"a: &x [1, 2]\nb: [*x, *x, *x, *x]\nc: [*b, *b, *b, *b]",
	"b: *undefined",
	`deep: ${"[".repeat(2000)}`,
	`deep: ${"{a: ".repeat(500)}1${"}".repeat(500)}`,
	"- a list item",
	"? complex key",
	": no key",
	"key with spaces: fine",
	"émoji: 🦓",
	"\u0000nul: x",
	"  indented: oddly",
	"%YAML 1.2",
	"!!binary x",
	"key: |\n  block scalar\n  more",
	"key: >-\n  folded",
	"'quoted key': 1",
	"123: number key",
	"null: ~",
	"ｔｉｔｌｅ: wide",
];

function generator(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let x = state;
		x = Math.imul(x ^ (x >>> 15), x | 1);
		x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
		return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
	};
	return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

/** One damaged note: the flag among up to four damaging lines, in random order, maybe behind a BOM, maybe CRLF. */
function damagedNote(seed: number): string {
	const random = generator(seed);
	const lines = [random.pick(FLAGS)];
	const damage = Math.floor(random.next() * 5);
	for (let i = 0; i < damage; i++) lines.splice(Math.floor(random.next() * (lines.length + 1)), 0, random.pick(DAMAGE));
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
			if (view.stat("Diary/day.md") !== null || view.listFiles().some((file) => file.path === "Diary/day.md")) shown.push(JSON.stringify(note));
			await expect(view.read("Diary/day.md")).rejects.toThrow();
		}
		expect(shown).toEqual([]);
	});
});
