import type { NoteInput } from "../../src/core/retrieval";
import { hubVaultDir, loadVault, noteInputOf, type VaultFile } from "../lib/retrievalBench/corpus";
import { LAST_DAILY_DAY, loadSourcePool, syntheticVault, type SourcePool } from "../lib/retrievalBench/syntheticVault";

export const VAULT_SIZES = ["1k", "10k", "50k", "100k", "hub"] as const;
export type VaultSize = (typeof VAULT_SIZES)[number];

export function isVaultSize(size: string | undefined): size is VaultSize {
	return (VAULT_SIZES as readonly (string | undefined)[]).includes(size);
}

const SYNTHETIC_COUNTS: Readonly<Record<Exclude<VaultSize, "hub">, number>> = {
	"1k": 1_000,
	"10k": 10_000,
	"50k": 50_000,
	"100k": 100_000,
};
/** One seed per size: the same vault on every run. */
const SEED = 20_260_630;
/** Every note of a benchmark vault has this mtime; a note "changed" by the benchmark gets a later one. */
const BASE_MTIME = Date.UTC(2026, 5, 30);
/** The clock searches run at: noon of the latest daily note's day, so decay is the same on every run. */
export const BENCH_NOW = new Date(`${LAST_DAILY_DAY}T12:00:00Z`);

/** Loads the vault of a size: synthetic from the shared corpora, or the real obsidian-hub vault. */
export class BenchVaults {
	private pool: SourcePool | null = null;

	notesOf(size: VaultSize): NoteInput[] {
		if (size === "hub") return loadVault(hubVaultDir(), BASE_MTIME);
		this.pool ??= loadSourcePool();
		return syntheticVault(this.pool, SYNTHETIC_COUNTS[size], SEED + SYNTHETIC_COUNTS[size]).map((file: VaultFile) =>
			noteInputOf(file, BASE_MTIME),
		);
	}
}

/** A note after an edit: a line added at the end, a later mtime. */
export function editedNote(note: NoteInput, edit: number): NoteInput {
	return noteInputOf(
		{ path: note.path, content: `${note.content}\n\nEdit ${edit}: moved the review to Thursday.\n` },
		note.stat.mtime + 1000 * (edit + 1),
	);
}
