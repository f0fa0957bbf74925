import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { computeMetadata } from "../../../headless/metadata";
import { detachStrings } from "../../../headless/metadata/detachedStrings";

/** Node's garbage collector, which a test process only has when the flag is set before a new context asks for it. */
function garbageCollector(): () => void {
	setFlagsFromString("--expose-gc");
	return runInNewContext("gc") as () => void;
}

/**
 * A note whose every kind of metadata (properties, a set and a map among them, headings, links,
 * tags, a block id) is long enough to be cut as a view into its text.
 */
function longNote(number: number, bodyChars: number): string {
	return [
		"---",
		`aliases: [Alias number ${number} of the long notes]`,
		`tags: [project/long-note-${number}]`,
		`status: {stage: reviewing the long note ${number}, owner: someone in particular}`,
		`reviewers: !!set {a reviewer of long note ${number}}`,
		`steps: !!omap [{first step of note ${number}: done}]`,
		"---",
		`# The heading of long note number ${number}`,
		`See [[Another long note ${number}|the other note]] and #topic/long-note-${number}. ^block-of-long-note-${number}`,
		`${String(number % 10).repeat(bodyChars)}`,
	].join("\n");
}

describe("the headless metadata cache", () => {
	it("keeps none of a note's text once the note is read: its strings are not views into it", () => {
		const gc = garbageCollector();
		const notes = 24;
		const bodyChars = 1 << 19;
		// The parser's code is compiled at its first call: not part of what the notes leave behind.
		computeMetadata(longNote(0, 16));
		gc();
		const before = process.memoryUsage().heapUsed;
		// Made and read one at a time, each text dropped as soon as its metadata is computed.
		const caches = Array.from({ length: notes }, (_, number) => computeMetadata(longNote(number, bodyChars)));
		gc();
		const retained = process.memoryUsage().heapUsed - before;
		expect(caches[5].headings?.[0].heading).toBe("The heading of long note number 5");
		expect(caches[5].frontmatter?.status).toEqual({
			stage: "reviewing the long note 5",
			owner: "someone in particular",
		});
		// The texts come to 12 MB; the metadata itself to a few kilobytes a note.
		expect(retained).toBeLessThan((notes * bodyChars) / 8);
	});

	it("reads YAML's older tags as the mapping, list or string they are written as, as properties hold them", () => {
		const cache = computeMetadata(
			[
				"---",
				"reviewers: !!set {Ada, Grace}",
				"steps: !!omap [{draft: done}, {review: open}]",
				"photo: !!binary aGVsbG8=",
				"when: !!timestamp 2024-01-02",
				"---",
				"Body",
			].join("\n"),
		);
		expect(cache.frontmatter).toEqual({
			reviewers: { Ada: null, Grace: null },
			steps: [{ draft: "done" }, { review: "open" }],
			photo: "aGVsbG8=",
			when: "2024-01-02",
		});
	});

	it("walks values that YAML aliases share, or that contain themselves, without end", () => {
		const sharedValue = { name: "a value two properties share" };
		const cyclic: Record<string, unknown> = { label: "a property that refers to itself" };
		cyclic.self = cyclic;
		const cache = detachStrings(
			{ first: sharedValue, second: sharedValue, list: [sharedValue, "a string in a list"], cyclic },
			true,
		);
		expect(cache.first).toBe(cache.second);
		expect(cache.first.name).toBe("a value two properties share");
		expect(cache.list[1]).toBe("a string in a list");
		expect(cache.cyclic.self).toBe(cache.cyclic);
	});

	it("walks properties nested far deeper than the stack would allow a recursive walk", () => {
		let nested: Record<string, unknown> = { leaf: "the deepest value" };
		for (let depth = 0; depth < 200_000; depth++) nested = { inner: nested };
		expect(() => detachStrings(nested, true)).not.toThrow();
		expect(() => detachStrings(nested, false)).not.toThrow();
	});
});
