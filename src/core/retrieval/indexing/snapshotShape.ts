import { FIELD_COUNT } from "./fields";
import { SKIP_REASONS, type SkipReason } from "../../vault/indexPolicy";
import {
	NOTE_ALIASES,
	NOTE_CHUNKS,
	NOTE_COLUMNS,
	NOTE_TAGS,
	NOTE_TERMS,
	NOTE_TRAILS,
	SNAPSHOT_VERSION,
	type IndexSnapshot,
} from "./indexSnapshot";
import { CHUNK_STRIDE } from "./noteRecord";
import type { StringTable } from "./stringTable";

interface ArrayTypes {
	Int32Array: Int32Array;
	Uint32Array: Uint32Array;
	Uint8Array: Uint8Array;
	Float64Array: Float64Array;
}

/**
 * Whether `value` is a snapshot of this version whose parts fit together, so that decoding it
 * reads no further than its arrays go. The store hands back whatever an older version of the
 * plugin saved, or a damaged record, so every part is checked as if of unknown type.
 */
export function isUsableSnapshot(value: unknown): value is IndexSnapshot {
	if (typeof value !== "object" || value === null) return false;
	const snapshot = value as { readonly [Part in keyof IndexSnapshot]?: unknown };
	const { vocabulary, strings, postings, stats, noteColumns, skippedReasons } = snapshot;
	if (snapshot.version !== SNAPSHOT_VERSION || typeof snapshot.settings !== "string") return false;
	if (!isStringTable(vocabulary) || !isStringTable(strings)) return false;
	if (!isObject(postings) || !isArray(postings.offsets, "Uint32Array") || !isArray(postings.entries, "Uint32Array"))
		return false;
	if (!isObject(stats) || !isArray(stats.frequencies, "Int32Array") || !isCount(stats.chunks) || !isCount(stats.notes))
		return false;
	if (!isNumbers(stats.lengthSums, FIELD_COUNT) || !isNumbers(stats.nonEmpty, FIELD_COUNT)) return false;
	if (!isArray(noteColumns, "Int32Array") || noteColumns.length % NOTE_COLUMNS !== 0) return false;
	if (!isArray(skippedReasons, "Uint8Array") || !hasReasons(snapshot.reasonNames, skippedReasons)) return false;
	if (!isArray(snapshot.chunkTables, "Int32Array") || !isArray(snapshot.terms, "Uint32Array")) return false;
	if (!isArray(snapshot.fileVersions, "Float64Array")) return false;
	const totals = totalsOf(noteColumns);
	const lists = vocabulary.ends.length * FIELD_COUNT;
	return (
		totals !== null &&
		strings.ends.length === totals.strings + skippedReasons.length &&
		snapshot.chunkTables.length === totals.chunks * CHUNK_STRIDE &&
		snapshot.terms.length === totals.terms &&
		snapshot.fileVersions.length === (noteColumns.length / NOTE_COLUMNS + skippedReasons.length) * 2 &&
		postings.offsets.length === lists + 1 &&
		postings.entries.length === postings.offsets[lists] &&
		stats.frequencies.length === lists
	);
}

/** How many strings, chunks and term entries the notes have; `null` when a count is negative. */
function totalsOf(columns: Int32Array): { strings: number; chunks: number; terms: number } | null {
	let strings = 0;
	let chunks = 0;
	let terms = 0;
	for (let row = 0; row < columns.length; row += NOTE_COLUMNS) {
		const [tags, aliases, trails] = [columns[row + NOTE_TAGS], columns[row + NOTE_ALIASES], columns[row + NOTE_TRAILS]];
		if (Math.min(tags, aliases, trails, columns[row + NOTE_CHUNKS], columns[row + NOTE_TERMS]) < 0) return null;
		strings += 1 + tags + aliases + trails;
		chunks += columns[row + NOTE_CHUNKS];
		terms += columns[row + NOTE_TERMS];
	}
	return { strings, chunks, terms };
}

/** A string table whose last string ends where its characters do. */
function isStringTable(value: unknown): value is StringTable {
	if (!isObject(value) || typeof value.strings !== "string" || !isArray(value.ends, "Uint32Array")) return false;
	return (value.ends.length === 0 ? 0 : value.ends[value.ends.length - 1]) === value.strings.length;
}

function hasReasons(names: unknown, reasons: Uint8Array): boolean {
	if (!Array.isArray(names) || !names.every((name) => SKIP_REASONS.includes(name as SkipReason))) return false;
	return reasons.every((reason) => reason < names.length);
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
	return typeof value === "object" && value !== null;
}

function isCount(value: unknown): value is number {
	return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isNumbers(value: unknown, length: number): boolean {
	return Array.isArray(value) && value.length === length && value.every((item) => typeof item === "number");
}

/**
 * Checked by its tag rather than `instanceof`: an array cloned back by the store may come from
 * another realm (a test's sandbox), where `instanceof` says no.
 */
function isArray<Type extends keyof ArrayTypes>(value: unknown, type: Type): value is ArrayTypes[Type] {
	return Object.prototype.toString.call(value) === `[object ${type}]`;
}
