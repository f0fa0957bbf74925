import { SeededRandom } from "../lib/retrievalBench/seededRandom";

/**
 * Synthetic embeddings shaped as a vault's are, for measuring the vector index: uniform noise
 * would make every neighbour as far as every other, so recall would mean nothing. A vector is the
 * sum of four Gaussian parts, each in a random direction (so no axis is special to the sign
 * codes), then scaled to unit length:
 * - a part every vector shares (real models' vectors all lean one way: unrelated texts still
 *   have a cosine near 0.1 to 0.3), norm 0.5;
 * - its topic's centre (one of `topics`, about fifty notes each), norm 1;
 * - its note's own offset, norm 0.7, shared by the note's chunks;
 * - its chunk's own offset, norm 0.6.
 * Two chunks of a note then have a cosine near 0.8, two notes of a topic near 0.6, two topics near
 * 0.1. A query is its note's parts with a fresh, larger chunk offset (norm 0.9): near a note, yet
 * equal to no chunk, so its ten nearest chunks must be told apart among its topic's few hundred.
 * Everything is drawn from seeds, so each note's vectors are made again on demand, not held.
 */
export class ClusteredVectors {
	private readonly shared: Float32Array;
	private readonly topics: Float32Array[];

	constructor(
		readonly dims: number,
		readonly notes: number,
		private readonly seed: number,
	) {
		const random = new SeededRandom(seed);
		this.shared = gaussian(random, dims, 0.5);
		this.topics = Array.from({ length: Math.max(1, Math.round(notes / 50)) }, () => gaussian(random, dims, 1));
	}

	/** Chunks of note `note`: one to eight, 4.5 on average (the keyword index's chunks per note at 100k notes). */
	chunkCountOf(note: number): number {
		return 1 + new SeededRandom(this.seed ^ Math.imul(note + 1, 0x9e3779b1)).below(8);
	}

	/** The vectors of note `note`'s chunks, in order. */
	chunksOf(note: number): Float32Array[] {
		const random = new SeededRandom(this.seed ^ Math.imul(note + 1, 0x85ebca6b));
		const centre = this.noteCentre(random);
		return Array.from({ length: this.chunkCountOf(note) }, () => plus(centre, gaussian(random, this.dims, 0.6)));
	}

	/** Query `query`: near one note, picked by the query's seed. */
	query(query: number): Float32Array {
		const random = new SeededRandom(this.seed ^ Math.imul(query + 1, 0xc2b2ae35));
		const note = random.below(this.notes);
		const centre = this.noteCentre(new SeededRandom(this.seed ^ Math.imul(note + 1, 0x85ebca6b)));
		return plus(centre, gaussian(random, this.dims, 0.9));
	}

	private noteCentre(random: SeededRandom): Float32Array {
		const topic = this.topics[random.below(this.topics.length)];
		return plus(plus(this.shared, topic), gaussian(random, this.dims, 0.7));
	}
}

/** A Gaussian vector whose norm is about `norm` (Box–Muller). */
function gaussian(random: SeededRandom, dims: number, norm: number): Float32Array {
	const vector = new Float32Array(dims);
	const scale = norm / Math.sqrt(dims);
	for (let dim = 0; dim < dims; dim += 2) {
		const radius = Math.sqrt(-2 * Math.log(1 - random.next()));
		const angle = 2 * Math.PI * random.next();
		vector[dim] = radius * Math.cos(angle) * scale;
		if (dim + 1 < dims) vector[dim + 1] = radius * Math.sin(angle) * scale;
	}
	return vector;
}

function plus(a: Float32Array, b: Float32Array): Float32Array {
	const sum = new Float32Array(a.length);
	for (let dim = 0; dim < a.length; dim++) sum[dim] = a[dim] + b[dim];
	return sum;
}
