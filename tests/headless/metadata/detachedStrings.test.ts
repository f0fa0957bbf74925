import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { computeMetadata } from "../../../headless/metadata";
import { detachStrings } from "../../../headless/metadata/detachedStrings";

/** Node's garbage collector, which a test process only has when the flag is set before a new context asks for it. */
function garbageCollector(): () => void {
	setFlagsFromString("--expose-gc");
	return runInNewContext("gc") as () => void;
}

/** A note whose every kind of metadata (properties, headings, links, tags, block ids) is long enough to be cut as a view. */
function longNote(number: number, bodyChars: number): string {
	return [
		"---",
		`aliases: [Alias number ${number} of the long notes]`,
		`tags: [project/long-note-${number}]`,
		`status: {stage: reviewing the long note ${number}, owner: someone in particular}`,
		"---",
		`# The heading of long note number ${number}`,
		`See [[Another long note ${number}|the other note]] and #topic/long-note-${number}. ^block-${number}-id`,
		`${String(number % 10).repeat(bodyChars)}`,
	].join("\n");
}

describe("the headless metadata cache", () => {
	it("keeps none of a note's text once the note is read: its strings are not views into it", () => {
		const gc = garbageCollector();
		const notes = 24;
		const bodyChars = 1 << 19;
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

	it("copies strings shared through YAML aliases once, and follows no cycle for ever", () => {
		const shared = { name: "a value two properties share" };
		const cyclic: Record<string, unknown> = { label: "a property that refers to itself" };
		cyclic.self = cyclic;
		const cache = detachStrings({ first: shared, second: shared, list: [shared, "a string in a list"], cyclic });
		expect(cache.first).toBe(cache.second);
		expect(cache.first.name).toBe("a value two properties share");
		expect(cache.list[1]).toBe("a string in a list");
		expect(cache.cyclic.self).toBe(cache.cyclic);
	});

	it("walks properties nested far deeper than the stack would allow a recursive walk", () => {
		let nested: Record<string, unknown> = { leaf: "the deepest value" };
		for (let depth = 0; depth < 200_000; depth++) nested = { inner: nested };
		expect(() => detachStrings(nested)).not.toThrow();
	});
});
