import { codeWordsOf, signScoreTables } from "./quantization";
import type { SignCodes } from "./signCodes";

/** The rows a search may return, as the index knows them. */
export interface ScanRows {
	readonly rowCount: number;
	readonly codes: SignCodes;
	/** Whether `row` may be returned: a live row of a note the caller accepts, with a vector. */
	readonly admits: (row: number) => boolean;
}

/** Below this many rows, every code is read whole: the first look at a few words saves nothing. */
const GLANCE_MIN_ROWS = 50_000;
/** Share of the rows the first look keeps for a full reading. */
const GLANCE_KEEPS = 0.05;

/**
 * The `count` rows whose sign codes score best against `query` (a unit vector), best first.
 * Three passes, each over fewer rows: the Hamming distance of the codes' first 96 bits to the
 * query's signs for every row (a quarter of the work), which keeps the nearest twentieth of the
 * rows (a true neighbour stands far nearer than most of the index on 96 bits as on all of them:
 * recall@10 was 0.993 at 450,000 chunks, where keeping a tenth gave 0.997 for more time); the
 * full distance for those; then, for the `shortlist` nearest, the asymmetric score (the float
 * query against the code's signs), which orders them far closer to the float cosine. A filter so
 * strict that the first look leaves too few rows it admits makes a full reading of every row.
 */
export function scanCodes(query: Float32Array, rows: ScanRows, shortlist: number, count: number): Int32Array {
	const signs = signsOf(query);
	const glance = rows.rowCount >= GLANCE_MIN_ROWS && rows.codes.tailWords > 0;
	let near = nearestAdmitted(signs, rows, glance ? glanced(signs, rows) : null, shortlist, query.length);
	if (glance && near.length < shortlist) near = nearestAdmitted(signs, rows, null, shortlist, query.length);
	const tables = signScoreTables(query);
	const { heads, tails, headWords, tailWords } = rows.codes;
	// The codes may be views into a restored snapshot's buffer: the bytes are read where they start.
	const headBytes = new Uint8Array(heads.buffer, heads.byteOffset, heads.byteLength);
	const tailBytes = new Uint8Array(tails.buffer, tails.byteOffset, tails.byteLength);
	const scores = new Float64Array(near.length);
	for (let at = 0; at < near.length; at++) {
		let score = 0;
		const [head, tail] = [near[at] * headWords * 4, near[at] * tailWords * 4];
		for (let byte = 0; byte < headWords * 4; byte++) score += tables[byte * 256 + headBytes[head + byte]];
		for (let byte = 0, table = headWords * 4 * 256; byte < tailWords * 4; byte++, table += 256)
			score += tables[table + tailBytes[tail + byte]];
		scores[at] = score;
	}
	return Int32Array.from(bestOf(scores, count), (at) => near[at]);
}

function signsOf(query: Float32Array): Uint32Array {
	const signs = new Uint32Array(codeWordsOf(query.length));
	for (let dim = 0; dim < query.length; dim++) if (query[dim] > 0) signs[dim >> 5] |= 1 << (dim & 31);
	return signs;
}

/**
 * The rows nearest the query on their codes' heads, `GLANCE_KEEPS` of them. The loop reads the
 * `HEAD_WORDS` (3) words written out, which runs close to twice as fast as a loop over them.
 */
function glanced(signs: Uint32Array, rows: ScanRows): Int32Array {
	const { rowCount } = rows;
	// The stride read from the codes, not the imported constant: a host that loads modules one by one
	// (the command line's `tsx`) reads an import through a getter, which made this loop 70% slower.
	const { heads, headWords } = rows.codes;
	const distances = new Uint8Array(rowCount);
	const histogram = new Int32Array(headWords * 32 + 1);
	const [first, second, third] = signs;
	for (let row = 0, at = 0; row < rowCount; row++, at += headWords) {
		const bytes =
			byteCounts(heads[at] ^ first) + byteCounts(heads[at + 1] ^ second) + byteCounts(heads[at + 2] ^ third);
		const distance = folded(bytes);
		distances[row] = distance;
		histogram[distance]++;
	}
	const wanted = Math.ceil(rowCount * GLANCE_KEEPS);
	const threshold = thresholdFor(histogram, -1, wanted);
	// A distance holds several percent of the rows: of those at the threshold, only as many as make
	// `wanted` are kept, so that the full reading costs the same whatever the query's histogram.
	let below = 0;
	for (let distance = 0; distance < threshold; distance++) below += histogram[distance];
	const list = new Int32Array(Math.min(wanted, below + histogram[threshold]));
	let atThreshold = list.length - below;
	for (let row = 0, at = 0; row < rowCount && at < list.length; row++) {
		const distance = distances[row];
		if (distance < threshold || (distance === threshold && atThreshold-- > 0)) list[at++] = row;
	}
	return list;
}

/**
 * The admitted rows (of `list`, or of all) at the smallest full Hamming distance, at most `wanted`,
 * nearest first. The distance threshold is raised from a histogram, and `admits` is asked only of
 * the rows under it: a caller's filter costs what the near rows cost, not the whole index.
 */
function nearestAdmitted(
	signs: Uint32Array,
	rows: ScanRows,
	list: Int32Array | null,
	wanted: number,
	dims: number,
): Int32Array {
	const { heads, tails, headWords, tailWords } = rows.codes;
	const tailSigns = signs.subarray(headWords);
	const count = list === null ? rows.rowCount : list.length;
	const distances = new Uint16Array(count);
	const histogram = new Int32Array(dims + 1);
	for (let at = 0; at < count; at++) {
		const row = list === null ? at : list[at];
		let bytes = 0;
		let start = row * headWords;
		for (let word = 0; word < headWords; word++) bytes += byteCounts(heads[start + word] ^ signs[word]);
		let distance = folded(bytes);
		start = row * tailWords;
		for (let word = 0; word < tailWords;) {
			bytes = 0;
			for (const end = Math.min(tailWords, word + WORDS_PER_GROUP); word < end; word++)
				bytes += byteCounts(tails[start + word] ^ tailSigns[word]);
			distance += folded(bytes);
		}
		distances[at] = distance;
		histogram[distance]++;
	}
	const found: number[] = [];
	let below = -1;
	let target = wanted;
	while (found.length < wanted && below < dims) {
		const threshold = thresholdFor(histogram, below, target);
		for (let at = 0; at < count; at++) {
			const distance = distances[at];
			if (distance > below && distance <= threshold && rows.admits(list === null ? at : list[at])) found.push(at);
		}
		below = threshold;
		// Few admitted among these: a wider band next time, so a strict filter takes few passes.
		target *= 4;
	}
	// Distances are small whole numbers: a counting sort, stable, in two passes over the rows found.
	const starts = new Int32Array(dims + 2);
	for (const at of found) starts[distances[at] + 1]++;
	for (let distance = 1; distance < starts.length; distance++) starts[distance] += starts[distance - 1];
	const nearest = new Int32Array(found.length);
	for (const at of found) nearest[starts[distances[at]]++] = list === null ? at : list[at];
	return nearest.subarray(0, Math.min(wanted, nearest.length));
}

/**
 * The positions of the `count` highest scores, highest first: the scores sorted as numbers (a
 * native sort, no comparison function) give the lowest score that makes the cut, and only the
 * positions at or above it are sorted with one.
 */
function bestOf(scores: Float64Array, count: number): number[] {
	if (scores.length === 0) return [];
	const cut = Float64Array.from(scores).sort()[Math.max(0, scores.length - count)];
	const best: number[] = [];
	for (let at = 0; at < scores.length; at++) if (scores[at] >= cut) best.push(at);
	return best.sort((a, b) => scores[b] - scores[a]).slice(0, count);
}

/** The smallest distance past `below` at or under which at least `wanted` more rows stand (or the last). */
function thresholdFor(histogram: Int32Array, below: number, wanted: number): number {
	let threshold = below;
	for (let seen = 0; threshold < histogram.length - 1 && seen < wanted;) seen += histogram[++threshold];
	return threshold;
}

/** Words whose bit counts fit in a byte lane together (31 × 8 = 248). */
const WORDS_PER_GROUP = 31;

/** The set bits of each byte of `bits`, in that byte (at most 8). */
function byteCounts(bits: number): number {
	bits -= (bits >>> 1) & 0x55555555;
	bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
	return (bits + (bits >>> 4)) & 0x0f0f0f0f;
}

/** The sum of the four byte lanes of `bytes` (each at most 255). */
function folded(bytes: number): number {
	const halves = (bytes & 0x00ff00ff) + ((bytes >>> 8) & 0x00ff00ff);
	return (halves & 0xffff) + (halves >>> 16);
}
