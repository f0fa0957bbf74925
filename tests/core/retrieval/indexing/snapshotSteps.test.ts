import { RetrievalIndex, runInSlices, type IndexSnapshot } from "../../../../src/core/retrieval";
import { NOTES_PER_STEP } from "../../../../src/core/retrieval/indexing/indexSnapshot";
import { indexOfVault, noteOf, NOW, policyFor } from "../vaultFixtures";

/** Enough notes for many steps: tags, aliases, headings, dated notes, Chinese and Japanese. */
function vaultOf(count: number): Record<string, string> {
	const files: Record<string, string> = {};
	for (let i = 0; i < count; i++) {
		const front = i % 3 === 0 ? `---\ntags: [topic/t${i % 5}]\naliases: [Alias ${i}]\n---\n` : "";
		const language = ["Harbor lighthouse keeper", "港口的灯塔看守人", "港の灯台守"][i % 3];
		files[i % 10 === 0 ? `memory/daily/2026-02-${String((i % 28) + 1).padStart(2, "0")}.md` : `notes/${i}.md`] =
			`${front}# Note ${i}\n${language} ${i}.\n## Part ${i % 4}\nBudget review ${i % 7}, sqlite ${i % 11}.`;
	}
	return files;
}

const policy = policyFor();
const files = vaultOf(700);
const queries = [
	"harbor lighthouse 42",
	"灯塔",
	"灯台",
	"budget review 3",
	"#topic/t2",
	"[[Alias 9]]",
	"part 2 sqlite",
	"lighthuose",
];

function answers(index: RetrievalIndex) {
	return queries.map((query) => index.search(query, { now: NOW, limit: 10 }));
}

/** A slicing where every step ends a slice: the smallest budget there is. */
function everyStep() {
	let yields = 0;
	const slicing = { sliceMs: 0, now: () => 0, yieldToHost: async () => void yields++ };
	return { slicing, yields: () => yields };
}

/** Every object and array of a snapshot other than typed arrays: what structured cloning visits one by one. */
function objectsIn(value: unknown): number {
	if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return 0;
	return 1 + Object.values(value).reduce((count: number, part) => count + objectsIn(part), 0);
}

describe("snapshots in steps", () => {
	const original = indexOfVault(files, { policy });
	const expected = answers(original);

	it("are saved and restored in steps of a few hundred notes at most, to the same results and scores", async () => {
		const saving = everyStep();
		const snapshot = structuredClone(await runInSlices(original.snapshotSteps(), saving.slicing));
		const restoring = everyStep();
		const restored = await runInSlices(RetrievalIndex.restoreSteps(snapshot, policy), restoring.slicing);
		const notes = Object.keys(files).length;
		expect(saving.yields()).toBeGreaterThanOrEqual(Math.floor(notes / NOTES_PER_STEP));
		expect(restoring.yields()).toBeGreaterThanOrEqual(Math.floor(notes / NOTES_PER_STEP));
		expect(answers(restored)).toEqual(expected);
		expect(expected.flat().length).toBeGreaterThan(20);
		expect(structuredClone(restored.toSnapshot())).toEqual(snapshot);
	});

	it("carry an index edited since its postings were built (postings built anew) as one built from scratch", async () => {
		const edited = indexOfVault(files, { policy });
		edited.upsert(noteOf("notes/5.md", "# Note 5\nA lighthouse on the moon."));
		edited.remove("notes/7.md");
		edited.rename("notes/8.md", "archive/8.md");
		const { slicing } = everyStep();
		const restored = await runInSlices(
			RetrievalIndex.restoreSteps(await runInSlices(edited.snapshotSteps(), slicing), policy),
			slicing,
		);
		const { ["notes/7.md"]: removed, ["notes/8.md"]: renamed, ...rest } = files;
		const fresh = indexOfVault(
			{ ...rest, "notes/5.md": "# Note 5\nA lighthouse on the moon.", "archive/8.md": renamed },
			{ policy },
		);
		expect(removed).toBeDefined();
		expect(answers(restored)).toEqual(answers(fresh));
		expect(restored.search("moon", { now: NOW }).map((hit) => hit.path)).toEqual(["notes/5.md"]);
	});

	it("save the index as it was when the save began, whatever changes between two steps", () => {
		const index = indexOfVault(files, { policy });
		const steps = index.snapshotSteps();
		steps.next();
		index.upsert(noteOf("notes/1.md", "# Note 1\nRewritten about volcanoes."));
		index.remove("notes/2.md");
		let step = steps.next();
		while (step.done !== true) step = steps.next();
		const restored = RetrievalIndex.fromSnapshot(structuredClone(step.value), policy);
		expect(answers(restored)).toEqual(expected);
		expect(restored.search("volcanoes", { now: NOW })).toEqual([]);
		expect(index.search("volcanoes", { now: NOW }).map((hit) => hit.path)).toEqual(["notes/1.md"]);
	});

	it("are a dozen arrays and strings, however many notes the vault has", () => {
		const small = indexOfVault(vaultOf(3), { policy }).toSnapshot();
		expect(objectsIn(original.toSnapshot())).toBe(objectsIn(small));
		expect(objectsIn(small)).toBeLessThan(25);
	});
});

describe("a saved snapshot that cannot be used", () => {
	const snapshot = structuredClone(indexOfVault(files, { policy }).toSnapshot());
	const truncated = (part: Partial<IndexSnapshot>) => ({ ...snapshot, ...part });
	const unusable: Record<string, unknown> = {
		"of an older format": { version: 2, settings: snapshot.settings, vocabulary: ["a"], notes: [{ path: "a.md" }] },
		"of a newer version": { ...snapshot, version: snapshot.version + 1 },
		"with terms cut short": truncated({ terms: snapshot.terms.subarray(0, 100) }),
		"with postings cut short": truncated({
			postings: { ...snapshot.postings, entries: snapshot.postings.entries.subarray(1) },
		}),
		"with a string missing": truncated({ strings: { ...snapshot.strings, ends: snapshot.strings.ends.subarray(1) } }),
		"with a negative count": truncated({
			noteColumns: snapshot.noteColumns.map((value, index) => (index === 0 ? -1 : value)),
		}),
		"with arrays of the wrong type": truncated({ terms: Array.from(snapshot.terms) as unknown as Uint32Array }),
		"with an unknown skip reason": truncated({ reasonNames: ["deleted"] as unknown as IndexSnapshot["reasonNames"] }),
		"with a term missing": truncated({
			vocabulary: { ...snapshot.vocabulary, ends: snapshot.vocabulary.ends.subarray(1) },
		}),
		"with a term saved twice": truncated({ vocabulary: repeatedFirstTerm(snapshot) }),
		"that is not an object": "snapshot",
		"that is empty": {},
	};

	it.each(Object.keys(unusable))("is ignored when %s: the index starts empty, nothing thrown", (name) => {
		const index = RetrievalIndex.fromSnapshot(unusable[name] as IndexSnapshot, policy);
		expect(index.stats()).toMatchObject({ notes: 0, terms: 0, skipped: 0 });
		index.upsert(noteOf("a.md", "lighthouse"));
		expect(index.search("lighthouse", { now: NOW }).map((hit) => hit.path)).toEqual(["a.md"]);
	});
});

/** The vocabulary with its second term replaced by the first. */
function repeatedFirstTerm({ vocabulary: strings }: IndexSnapshot): IndexSnapshot["vocabulary"] {
	const first = strings.strings.slice(0, strings.ends[0]);
	const ends = strings.ends.slice();
	const shift = first.length - (strings.ends[1] - strings.ends[0]);
	for (let index = 1; index < ends.length; index++) ends[index] += shift;
	return { strings: first + first + strings.strings.slice(strings.ends[1]), ends };
}
