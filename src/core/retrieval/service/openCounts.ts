import * as z from "zod/mini";
import type { SavedOpen } from "./indexStore";

/** An open counts half as much after this long: the hot set follows what the user works on now. */
export const OPEN_HALF_LIFE_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * No note's weight grows past this: the ranker's bonus grows with log2(1 + opens) and is capped
 * anyway, so counting further would only let one note's history outlast everything else's.
 */
export const MAX_OPEN_WEIGHT = 64;
/** Notes remembered; the least used is forgotten first. The hot set stays small and cheap. */
export const MAX_OPEN_NOTES = 500;
/** A weight decayed below this is as good as never opened. */
const NEGLIGIBLE = 0.05;

/** A saved entry as it must be to be used (the store gives back whatever it holds). */
const savedOpenSchema = z.object({ path: z.string(), weight: z.number(), at: z.number() });

/**
 * How often the user opened each note in Obsidian, as a count that halves every
 * two weeks (`weight × 0.5^(age / half-life)`), capped per note and in the number of notes.
 * Decay keeps last year's project from outranking this week's; the caps keep it bounded.
 */
export class OpenCounts {
	private readonly opens = new Map<string, { weight: number; at: number }>();

	/** Counts taken back from the store; entries that are not well formed are dropped. */
	static restore(saved: readonly SavedOpen[] | null): OpenCounts {
		const counts = new OpenCounts();
		for (const entry of Array.isArray(saved) ? (saved as unknown[]) : []) {
			const parsed = savedOpenSchema.safeParse(entry);
			if (!parsed.success) continue;
			const { path, weight, at } = parsed.data;
			counts.opens.set(path, { weight: Math.min(MAX_OPEN_WEIGHT, weight), at });
		}
		return counts;
	}

	record(path: string, now: number): void {
		const weight = Math.min(MAX_OPEN_WEIGHT, this.weightOf(path, now) + 1);
		this.opens.set(path, { weight, at: now });
		if (this.opens.size > MAX_OPEN_NOTES) this.forgetLeastUsed(now);
	}

	/** Moves a note's count to its new path; whether it had one. */
	rename(from: string, to: string): boolean {
		const entry = this.opens.get(from);
		if (entry === undefined) return false;
		this.opens.delete(from);
		this.opens.set(to, entry);
		return true;
	}

	/** Whether the note had a count to forget. */
	forget(path: string): boolean {
		return this.opens.delete(path);
	}

	/** Every remembered note's weight as of `now`, for the hot set of a search. */
	weights(now: number): Map<string, number> {
		const weights = new Map<string, number>();
		for (const path of this.opens.keys()) {
			const weight = this.weightOf(path, now);
			if (weight >= NEGLIGIBLE) weights.set(path, weight);
		}
		return weights;
	}

	toSaved(): SavedOpen[] {
		return [...this.opens].map(([path, { weight, at }]) => ({ path, weight, at }));
	}

	private weightOf(path: string, now: number): number {
		const entry = this.opens.get(path);
		if (entry === undefined) return 0;
		return entry.weight * 0.5 ** (Math.max(0, now - entry.at) / OPEN_HALF_LIFE_MS);
	}

	private forgetLeastUsed(now: number): void {
		let least: string | null = null;
		let leastWeight = Infinity;
		for (const path of this.opens.keys()) {
			const weight = this.weightOf(path, now);
			if (weight < leastWeight) [least, leastWeight] = [path, weight];
		}
		if (least !== null) this.opens.delete(least);
	}
}
