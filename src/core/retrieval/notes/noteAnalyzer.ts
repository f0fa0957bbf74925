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
import { scanTokens, type TermSink } from "../text/tokenizer";
import type { Vocabulary } from "../indexing/vocabulary";

/** Turns notes into records: checks the policy, chunks, tokenizes every field, interns the terms. */
export class NoteAnalyzer {
	private readonly counter = new TermCounter();
	private readonly countToken: TermSink;

	/** Recent texts' term ids, one cache per note field that recurs across notes. */
	private readonly recentFolders = new TermIdCache(4);
	private readonly recentTags = new TermIdCache(4);
	/** The ids `recordToken` interned, in order. */
	private readonly recorded: number[] = [];
	private readonly recordToken: TermSink;

	constructor(
		vocabulary: Vocabulary,
		private readonly chunking: PassageOptions = DEFAULT_CHUNKING,
	) {
		this.countToken = internedTerms(vocabulary, (termId) => this.counter.add(termId));
		this.recordToken = internedTerms(vocabulary, (termId) => this.recorded.push(termId));
	}

	/** The note's record, or the reason the policy keeps it out of the index. */
	analyze(note: NoteInput, policy: IndexPolicy): NoteRecord | SkipReason {
		const tags = tagsOf(note.metadata);
		const skip =
			skipReasonForFile(note.path, note.stat.size, policy) ??
			note.hiddenBy ??
			skipReasonForNote(note.metadata, tags, policy);
		if (skip !== null) return skip;
		const aliases = aliasesOf(note.metadata);
		this.counter.reset();
		const chunks = chunkRanges(note.content, note.metadata, this.chunking);
		const noteFieldLengths = this.countNoteFields(note.path, aliases, tags);
		const noteTermsEnd = this.counter.size;
		const trails: string[] = [];
		const chunkTable = new Int32Array(chunks.length * CHUNK_STRIDE);
		chunks.forEach((chunk, index) => {
			let trail = chunk.headingTrail === "" ? -1 : trails.lastIndexOf(chunk.headingTrail);
			if (trail === -1 && chunk.headingTrail !== "") trail = trails.push(chunk.headingTrail) - 1;
			const row = index * CHUNK_STRIDE;
			chunkTable[row + CHUNK_START_LINE] = chunk.startLine;
			chunkTable[row + CHUNK_END_LINE] = chunk.endLine;
			chunkTable[row + CHUNK_TRAIL] = trail;
			chunkTable[row + CHUNK_HEADINGS_LENGTH] = this.count(chunk.headingTrail, HEADINGS);
			scanTokens(note.content.slice(chunk.start, chunk.end), this.countToken);
			chunkTable[row + CHUNK_BODY_LENGTH] = this.counter.flush(BODY);
			chunkTable[row + CHUNK_TERMS_END] = this.counter.size;
		});
		return {
			path: note.path,
			mtime: note.stat.mtime,
			size: note.stat.size,
			...placement(note.path, policy.kinds),
			tags,
			aliases,
			trails,
			chunkTable,
			terms: this.counter.takeEntries(),
			noteTermsEnd,
			noteFieldLengths,
		};
	}

	/** The same note under a new path: title, path, kind and day follow; the chunks are kept as they are. */
	moved(record: NoteRecord, path: string, policy: IndexPolicy): NoteRecord {
		this.counter.reset();
		const noteFieldLengths = this.countNoteFields(path, record.aliases, record.tags);
		const entries = this.counter.takeEntries();
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
	private countNoteFields(path: string, aliases: readonly string[], tags: readonly string[]): number[] {
		return [
			this.count(baseName(path), TITLE),
			// An empty field has nothing to count: no call into the tokenizer for it.
			aliases.length === 0 ? 0 : this.count(aliases.join("\n"), ALIASES),
			tags.length === 0 ? 0 : this.countIds(this.termIdsOf(tags.join(" "), this.recentTags), TAGS),
			this.countIds(this.termIdsOf(parentFolder(path), this.recentFolders), PATH),
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

	/** Counts terms as `field`, as `count` would count the text they were read from. */
	private countIds(ids: Int32Array, field: Field): number {
		for (let index = 0; index < ids.length; index++) this.counter.add(ids[index]);
		return this.counter.flush(field);
	}

	/** Counts the terms of `text` as `field`, adding their entries to the note's; returns its token count. */
	private count(text: string, field: Field): number {
		scanTokens(text, this.countToken);
		return this.counter.flush(field);
	}
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
