import { baseName, parentFolder } from "../../vault/paths";
import { chunkRanges, DEFAULT_CHUNKING } from "./chunker";
import { ALIASES, BODY, HEADINGS, PATH, TAGS, TITLE, type Field } from "../indexing/fields";
import { skipReasonForFile, skipReasonForNote, type IndexPolicy, type SkipReason } from "../../vault/indexPolicy";
import type { NoteInput } from "./noteInput";
import type { KindRules } from "../../vault/indexPolicy";
import { dayOfNote, kindOf, type NoteKind } from "./noteKind";
import { aliasesOf, tagsOf } from "../../vault/noteProperties";
import {
	CHUNK_BODY_LENGTH,
	CHUNK_END_LINE,
	CHUNK_HEADINGS_LENGTH,
	CHUNK_START_LINE,
	CHUNK_STRIDE,
	CHUNK_TERMS_END,
	CHUNK_TRAIL,
	chunkCountOf,
	type NoteRecord,
} from "../indexing/noteRecord";
import type { PassageOptions } from "./passageSplitter";
import { TermCounter } from "./termCounter";
import { TermIdCache } from "../indexing/termIdCache";
import { runToEnd } from "../indexing/steps";
import { scanTokens, type TermSink } from "../text/tokenizer";
import type { Vocabulary } from "../indexing/vocabulary";

/**
 * Body text tokenized between two yields of `analyzeSteps`: a few milliseconds on a slow device
 * (a note of 300,000 characters took 60 ms there in one go).
 */
export const CHARS_PER_STEP = 1 << 15;

/** A counter of a note's terms, and the sink that interns tokens into it. */
interface Tally {
	readonly counter: TermCounter;
	readonly sink: TermSink;
}

/** Turns notes into records: checks the policy, chunks, tokenizes every field, interns the terms. */
export class NoteAnalyzer {
	/** Counts every note analyzed at once, and the short ones analyzed in steps. */
	private readonly tally: Tally;

	/** Recent texts' term ids, one cache per note field that recurs across notes. */
	private readonly recentFolders = new TermIdCache(4);
	private readonly recentTags = new TermIdCache(4);
	/** The ids `recordToken` interned, in order. */
	private readonly recorded: number[] = [];
	private readonly recordToken: TermSink;

	constructor(
		private readonly vocabulary: Vocabulary,
		private readonly chunking: PassageOptions = DEFAULT_CHUNKING,
	) {
		this.tally = tallyOf(vocabulary);
		this.recordToken = internedTerms(vocabulary, (termId) => this.recorded.push(termId));
	}

	/** The note's record, or the reason the policy keeps it out of the index. */
	analyze(note: NoteInput, policy: IndexPolicy): NoteRecord | SkipReason {
		return runToEnd(this.analyzeSteps(note, policy));
	}

	/**
	 * `analyze` in steps of `CHARS_PER_STEP` characters of body text or so, for a caller that
	 * spreads a long note over time slices. Other notes may be analyzed between two steps.
	 */
	*analyzeSteps(note: NoteInput, policy: IndexPolicy): Generator<void, NoteRecord | SkipReason> {
		const tags = tagsOf(note.metadata);
		const skip =
			skipReasonForFile(note.path, note.stat.size, policy) ??
			note.hiddenBy ??
			skipReasonForNote(note.metadata, tags, policy);
		if (skip !== null) return skip;
		const aliases = aliasesOf(note.metadata);
		// A note analyzed between two steps of this one would reset a shared counter: a long note has its own.
		// Only a long note yields (chunks overlap: their lengths add up to more than the note's).
		const long = note.content.length > CHARS_PER_STEP;
		const tally = long ? tallyOf(this.vocabulary) : this.tally;
		const { counter } = tally;
		counter.reset();
		const chunks = chunkRanges(note.content, note.metadata, this.chunking);
		const noteFieldLengths = this.countNoteFields(tally, note.path, aliases, tags);
		const noteTermsEnd = counter.size;
		const trails: string[] = [];
		const chunkTable = new Int32Array(chunks.length * CHUNK_STRIDE);
		let stepChars = 0;
		for (let index = 0; index < chunks.length; index++) {
			const chunk = chunks[index];
			let trail = chunk.headingTrail === "" ? -1 : trails.lastIndexOf(chunk.headingTrail);
			if (trail === -1 && chunk.headingTrail !== "") trail = trails.push(chunk.headingTrail) - 1;
			const row = index * CHUNK_STRIDE;
			chunkTable[row + CHUNK_START_LINE] = chunk.startLine;
			chunkTable[row + CHUNK_END_LINE] = chunk.endLine;
			chunkTable[row + CHUNK_TRAIL] = trail;
			chunkTable[row + CHUNK_HEADINGS_LENGTH] = count(tally, chunk.headingTrail, HEADINGS);
			scanTokens(note.content.slice(chunk.start, chunk.end), tally.sink);
			chunkTable[row + CHUNK_BODY_LENGTH] = counter.flush(BODY);
			chunkTable[row + CHUNK_TERMS_END] = counter.size;
			stepChars += chunk.end - chunk.start;
			if (long && stepChars >= CHARS_PER_STEP && index + 1 < chunks.length) {
				stepChars = 0;
				yield;
			}
		}
		return {
			path: note.path,
			mtime: note.stat.mtime,
			size: note.stat.size,
			...placement(note.path, policy.kinds),
			tags,
			aliases,
			trails,
			chunkTable,
			terms: counter.takeEntries(),
			noteTermsEnd,
			noteFieldLengths,
		};
	}

	/** The same note under a new path: title, path, kind and day follow; the chunks are kept as they are. */
	moved(record: NoteRecord, path: string, policy: IndexPolicy): NoteRecord {
		this.tally.counter.reset();
		const noteFieldLengths = this.countNoteFields(this.tally, path, record.aliases, record.tags);
		const entries = this.tally.counter.takeEntries();
		const chunkTerms = record.terms.subarray(record.noteTermsEnd);
		const terms = new Uint32Array(entries.length + chunkTerms.length);
		terms.set(entries);
		terms.set(chunkTerms, entries.length);
		const shift = entries.length - record.noteTermsEnd;
		const chunkTable = record.chunkTable.slice();
		for (let chunk = 0; chunk < chunkCountOf(record); chunk++)
			chunkTable[chunk * CHUNK_STRIDE + CHUNK_TERMS_END] += shift;
		return {
			...record,
			path,
			...placement(path, policy.kinds),
			chunkTable,
			terms,
			noteTermsEnd: entries.length,
			noteFieldLengths,
		};
	}

	/** Title is the file name; path is the folder (the file name is already the title). */
	private countNoteFields(tally: Tally, path: string, aliases: readonly string[], tags: readonly string[]): number[] {
		return [
			count(tally, baseName(path), TITLE),
			// An empty field has nothing to count: no call into the tokenizer for it.
			aliases.length === 0 ? 0 : count(tally, aliases.join("\n"), ALIASES),
			tags.length === 0 ? 0 : countIds(tally, this.termIdsOf(tags.join(" "), this.recentTags), TAGS),
			countIds(tally, this.termIdsOf(parentFolder(path), this.recentFolders), PATH),
		];
	}

	/** The term ids of `text`, interned now unless `recent` has them. */
	private termIdsOf(text: string, recent: TermIdCache): Int32Array {
		let ids = recent.get(text);
		if (ids === undefined) {
			this.recorded.length = 0;
			scanTokens(text, this.recordToken);
			ids = new Int32Array(this.recorded);
			recent.set(text, ids);
		}
		return ids;
	}
}

/** A counter of its own, interning into `vocabulary`. */
function tallyOf(vocabulary: Vocabulary): Tally {
	const counter = new TermCounter();
	return { counter, sink: internedTerms(vocabulary, (termId) => counter.add(termId)) };
}

/** Counts terms as `field`, as `count` would count the text they were read from. */
function countIds({ counter }: Tally, ids: Int32Array, field: Field): number {
	for (let index = 0; index < ids.length; index++) counter.add(ids[index]);
	return counter.flush(field);
}

/** Counts the terms of `text` as `field`, adding their entries to the note's; returns its token count. */
function count(tally: Tally, text: string, field: Field): number {
	scanTokens(text, tally.sink);
	return tally.counter.flush(field);
}

/** A sink that interns each token it is given and hands on the term's id. */
function internedTerms(vocabulary: Vocabulary, take: (termId: number) => void): TermSink {
	return {
		text: (text, start, end, tail, hash) => take(vocabulary.internRange(text, start, end, tail, hash)),
		bytes: (bytes, start, end, tail, hash) => take(vocabulary.internBytes(bytes, start, end, tail, hash)),
	};
}

export function placement(path: string, rules: KindRules): { kind: NoteKind; day: number | null } {
	const kind = kindOf(path, rules);
	return { kind, day: dayOfNote(path, kind) };
}
