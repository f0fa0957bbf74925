import type { StatsSnapshot } from "./collectionStats";
import { NOTE_FIELD_COUNT } from "./fields";
import { hasExcludedTag, skipReasonForFile, type IndexPolicy, type SkipReason } from "../../vault/indexPolicy";
import {
	NOTE_ALIASES,
	NOTE_CHUNKS,
	NOTE_COLUMNS,
	NOTE_FIELD_LENGTHS,
	NOTE_TAGS,
	NOTE_TERMS,
	NOTE_TERMS_END,
	NOTE_TRAILS,
	NOTES_PER_STEP,
	TERMS_PER_STEP,
	type IndexSnapshot,
	type SkippedFile,
} from "./indexSnapshot";
import type { StoredTable } from "./invertedIndex";
import { placement } from "../notes/noteAnalyzer";
import { CHUNK_STRIDE, type NoteRecord } from "./noteRecord";
import { isUsableSnapshot } from "./snapshotShape";
import { StringReader } from "./stringTable";
import type { Vocabulary } from "./vocabulary";

export interface DecodedSnapshot {
	readonly records: NoteRecord[];
	readonly skipped: SkippedFile[];
	/** The stored postings and statistics, when they still hold (the settings are the same). */
	readonly stored: { readonly postings: StoredTable; readonly stats: StatsSnapshot } | null;
}

/**
 * The records of a snapshot, in steps of bounded work, their terms interned into `vocabulary`
 * (which must be empty, so that ids are kept), or `null` for a snapshot of another version or
 * one whose parts do not fit together (then `vocabulary` may hold some of its terms). A record's
 * terms and chunk table are views of the snapshot's arrays, not copies. When the settings
 * changed, notes the policy now excludes by folder or tag are dropped (and counted as skipped),
 * the skipped files are forgotten, to be checked again, and the postings must be rebuilt.
 */
export function* decodeSnapshot(
	snapshot: IndexSnapshot,
	policy: IndexPolicy,
	settings: string,
	vocabulary: Vocabulary,
): Generator<void, DecodedSnapshot | null> {
	if (!isUsableSnapshot(snapshot)) return null;
	// A term saved twice would shift the ids of every term after it.
	if (!(yield* vocabulary.restore(snapshot.vocabulary, TERMS_PER_STEP))) return null;
	const strings = new StringReader(snapshot.strings);
	const sameSettings = snapshot.settings === settings;
	const { noteColumns: columns, fileVersions: versions } = snapshot;
	const noteCount = columns.length / NOTE_COLUMNS;
	const records: NoteRecord[] = [];
	const skipped: SkippedFile[] = [];
	let chunkOffset = 0;
	let termOffset = 0;
	for (let note = 0; note < noteCount; note++) {
		const row = note * NOTE_COLUMNS;
		const path = strings.next();
		const tags = strings.take(columns[row + NOTE_TAGS]);
		const aliases = strings.take(columns[row + NOTE_ALIASES]);
		const trails = strings.take(columns[row + NOTE_TRAILS]);
		const chunkTable = snapshot.chunkTables.subarray(
			chunkOffset,
			(chunkOffset += columns[row + NOTE_CHUNKS] * CHUNK_STRIDE),
		);
		const terms = snapshot.terms.subarray(termOffset, (termOffset += columns[row + NOTE_TERMS]));
		const mtime = versions[note * 2];
		const size = versions[note * 2 + 1];
		const reason = sameSettings ? null : skipReasonUnder(path, size, tags, policy);
		if (reason !== null) {
			skipped.push({ path, mtime, size, reason });
		} else {
			const { kind, day } = placement(path, policy.kinds);
			const noteTermsEnd = columns[row + NOTE_TERMS_END];
			const noteFieldLengths = new Array<number>(NOTE_FIELD_COUNT);
			for (let field = 0; field < NOTE_FIELD_COUNT; field++)
				noteFieldLengths[field] = columns[row + NOTE_FIELD_LENGTHS + field];
			records.push({
				path,
				mtime,
				size,
				kind,
				day,
				tags,
				aliases,
				trails,
				chunkTable,
				terms,
				noteTermsEnd,
				noteFieldLengths,
			});
		}
		if (note % NOTES_PER_STEP === NOTES_PER_STEP - 1) yield;
	}
	if (sameSettings) {
		snapshot.skippedReasons.forEach((reason, index) => {
			const version = (noteCount + index) * 2;
			const name = snapshot.reasonNames[reason];
			skipped.push({ path: strings.next(), mtime: versions[version], size: versions[version + 1], reason: name });
		});
	}
	const stored = sameSettings ? { postings: snapshot.postings, stats: snapshot.stats } : null;
	return { records, skipped, stored };
}

function skipReasonUnder(path: string, size: number, tags: readonly string[], policy: IndexPolicy): SkipReason | null {
	return skipReasonForFile(path, size, policy) ?? (hasExcludedTag(tags, policy) ? "excluded-tag" : null);
}
