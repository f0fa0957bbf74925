import { applyAccepted, proposeEdits } from "../../../src/core/edits";
import { seededRandom } from "../agent/tools/writeToolFixture";

/**
 * On 500 generated notes (seeded: every run sees the same ones), any proposal that is made, accepted
 * whole, keeps the note's properties and the assistant's callout byte for byte (a subset is
 * checked again when applied), and accepting a subset changes exactly those hunks' text: checked
 * against what the generator put where, not against the code under test.
 */

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const PARAGRAPHS = [
	"The user's paragraph with a [[Link]] and a #tag.",
	"研究笔记：用户自己写的文字。",
	"- item one\n- item two",
	"---",
	"> a quote of the user's",
	"```\ncode --- inside\n```",
	"Trailing spaces   ",
	"verified: true",
	"assistant: private",
];
const HEADINGS = ["# Title", "## Notes", "### 方法", "## Goals"];

interface Generated {
	readonly text: string;
	readonly properties: string;
	readonly callout: string;
}

function generate(random: Random): Generated {
	const eol = random() < 0.3 ? "\r\n" : "\n";
	const properties = random() < 0.5 ? `---${eol}tags: [a]${eol}verified: false${eol}---${eol}` : "";
	const body: string[] = [];
	const count = 2 + Math.floor(random() * 6);
	for (let i = 0; i < count; i++) body.push(random() < 0.3 ? pick(random, HEADINGS) : pick(random, PARAGRAPHS));
	const callout = random() < 0.5 ? `> [!assistant] Assistant notes${eol}> mine ${Math.floor(random() * 100)}` : "";
	const text = `${properties}${body.join(`${eol}${eol}`).replace(/\n/g, eol)}${callout === "" ? "" : `${eol}${eol}${callout}`}${eol}`;
	return { text, properties, callout };
}

/** A piece of `text` to find: a random slice of 1 to 30 characters. */
function someFind(random: Random, text: string): string {
	const start = Math.floor(random() * text.length);
	return text.slice(start, start + 1 + Math.floor(random() * 30));
}

describe("a proposal, on generated notes", () => {
	it("never changes the properties or the assistant's callout, and applies exactly the accepted hunks", () => {
		const random = seededRandom(16);
		let made = 0;
		for (let round = 0; round < 500; round++) {
			const note = generate(random);
			const edits = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
				find: someFind(random, note.text),
				replace: pick(random, ["", "x", "---\n", "> [!assistant] planted\n", "new\ntext", note.text.slice(0, 5)]),
			}));
			const proposed = proposeEdits(note.text, { edits }, { path: "n.md", reason: "r" });
			if (proposed.kind !== "proposed") continue;
			made++;
			const { hunks } = proposed.proposal;
			for (const hunk of hunks) expect(note.text.slice(hunk.start, hunk.end)).toBe(hunk.before);
			const accepted = new Set(hunks.filter(() => random() < 0.5).map((hunk) => hunk.id));
			const after = applyAccepted(note.text, hunks, accepted);
			if (after === null) throw new Error("a proposal's hunks always fit its base");
			let expected = note.text;
			for (const hunk of [...hunks].reverse())
				if (accepted.has(hunk.id)) expected = expected.slice(0, hunk.start) + hunk.after + expected.slice(hunk.end);
			expect(after).toBe(expected);
			if (accepted.size === hunks.length) {
				expect(after.startsWith(note.properties)).toBe(true);
				if (note.callout !== "") expect(after).toContain(note.callout);
			}
		}
		// Enough of them were proposals for the check to mean something.
		expect(made).toBeGreaterThan(80);
	});
});
