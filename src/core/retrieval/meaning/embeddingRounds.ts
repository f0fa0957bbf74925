import { EmbeddingError } from "../../model/embeddingClient";
import type { TaskScheduler } from "../../ports";
import type { VaultView } from "../../vault/vaultView";
import { slicePauses, type Slicing } from "../indexing/slicedIndexing";
import { chunkNote } from "../notes/chunker";
import type { NoteChunks } from "./meaningIndex";

/** A note read for embedding, with the version of its file as it was read. */
export interface ReadNote extends NoteChunks {
	readonly version: string;
}

/** A round's notes as the view shows them now: one hidden or gone since it was queued is left out. */
export async function readRound(
	notes: Pick<VaultView, "read" | "getMetadata" | "stat">,
	paths: readonly string[],
): Promise<ReadNote[]> {
	const read: ReadNote[] = [];
	for (const path of paths) {
		const stat = notes.stat(path);
		if (stat === null) continue;
		let content: string;
		try {
			content = await notes.read(path);
		} catch {
			continue;
		}
		read.push({ path, version: versionOf(stat), chunks: chunkNote(content, notes.getMetadata(path)) });
	}
	return read;
}

/** Waits until `quietUntil` (the user's last keystroke and a moment), as it moves on while waiting. */
export async function untilQuiet(scheduler: TaskScheduler, quietUntil: () => number): Promise<void> {
	for (let wait = quietUntil() - scheduler.now(); wait > 0; wait = quietUntil() - scheduler.now())
		await new Promise<void>((resolve) => scheduler.delay(resolve, wait));
}

/** A note's version as its file tells it: a start reads again only the notes whose version changed. */
export function versionOf(stat: { readonly mtime: number; readonly size: number }): string {
	return `${stat.mtime}:${stat.size}`;
}

/** Whether a note is shown and its file changed since it was embedded (at its version in `versions`), or was never embedded. */
export function changedSinceEmbedded(
	notes: Pick<VaultView, "stat">,
	versions: ReadonlyMap<string, string>,
): (path: string) => boolean {
	return (path) => {
		const stat = notes.stat(path);
		return stat !== null && versions.get(path) !== versionOf(stat);
	};
}

/** Whether `error` is a round stopped on purpose (held, another model): nothing to report. */
export function isAbort(error: unknown): boolean {
	return (
		(error instanceof EmbeddingError && error.kind === "aborted") || (error as Error | null)?.name === "AbortError"
	);
}

/**
 * The paths among `paths` that `chosen` takes, judged a time slice at a time: the judgments that
 * go over every note held (each through the privacy view) would be a long task on a large vault.
 */
export async function pathsWhere(
	paths: readonly string[],
	chosen: (path: string) => boolean,
	slicing: Slicing,
): Promise<string[]> {
	const pause = slicePauses(slicing);
	const taken: string[] = [];
	for (const path of paths) {
		if (chosen(path)) taken.push(path);
		await pause();
	}
	return taken;
}
