/**
 * A small seeded PRNG (mulberry32): the synthetic vaults must be the same on every run and every
 * machine, which `Math.random` cannot promise.
 */
export class SeededRandom {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** A float in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** An integer in [0, bound). */
	below(bound: number): number {
		return Math.floor(this.next() * bound);
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[this.below(items.length)];
	}

	/** A shuffled copy (Fisher–Yates). */
	shuffled<T>(items: readonly T[]): T[] {
		const copy = [...items];
		for (let i = copy.length - 1; i > 0; i--) {
			const j = this.below(i + 1);
			[copy[i], copy[j]] = [copy[j], copy[i]];
		}
		return copy;
	}
}
