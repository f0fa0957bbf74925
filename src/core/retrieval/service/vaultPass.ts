import { indexInSlices, runInSlices, type IndexStats, type RetrievalIndex, type Slicing } from "../index";
import { whileCurrent } from "../indexing/steps";
import { BuildSuperseded, readNotes, type NoteSource } from "./noteReader";
import type { PathEvents } from "./pathEvents";
import type { IndexServicePorts } from "./serviceTypes";

/** What a build's pass over the vault reads, and whom it tells how far it is. */
export interface VaultPassPorts {
	readonly files: IndexServicePorts["files"];
	readonly source: NoteSource;
	/** The vault's events: a note an event touched during the pass is left as the event left it. */
	readonly events: PathEvents;
	readonly slicing: Slicing;
	/** Reads in flight at once. */
	readonly readAhead: number;
	/** Whether the build is still the current one; the pass stops at its next step once it is not. */
	readonly isCurrent: () => boolean;
	/** How many files the pass changes in the index: those gone, newly skipped by their path, and to be read. */
	readonly changed: (files: number) => void;
	/** How far the pass is, from 0 of `total` notes read, while the build is current. */
	readonly progress: (done: number, total: number, finishing: boolean) => void;
}

/**
 * One build's pass over the vault: every file compared with the index (a lookup and a check of
 * its path each, in slices of its own), then the new and changed notes read and indexed in time
 * slices. Resolves to the number of files that were new or changed, or `null` when a newer build
 * took over meanwhile.
 */
export async function passOverVault(index: RetrievalIndex, ports: VaultPassPorts): Promise<number | null> {
	const { events: pathEvents, slicing, isCurrent, progress } = ports;
	// Opened before the first step: an event from now on is newer than what the pass reads.
	const events = pathEvents.open();
	try {
		const sizeBefore = sizeOf(index.stats());
		const toRead = await runInSlices(
			whileCurrent(
				index.reconcileSteps(ports.files.listFiles(), (path) => events.touched(path)),
				isCurrent,
			),
			slicing,
		);
		if (toRead === null) return null;
		// Files gone or newly skipped by their path change the snapshot as much as those read.
		ports.changed(toRead.length + Math.abs(sizeOf(index.stats()) - sizeBefore));
		const total = toRead.length;
		progress(0, total, false);
		// Drawing the progress is a task of its own; indexing starts the next.
		await slicing.yieldToHost();
		await indexInSlices(index, readNotes(toRead, ports.source, events, isCurrent, ports.readAhead), {
			...slicing,
			total,
			onProgress: ({ done, finishing }) => {
				if (isCurrent()) progress(done, total, finishing);
			},
		});
		return isCurrent() ? total : null;
	} catch (error) {
		if (error instanceof BuildSuperseded) return null;
		throw error;
	} finally {
		events.close();
	}
}

/** Every file the index knows, indexed or skipped. */
function sizeOf(stats: IndexStats): number {
	return stats.notes + stats.skipped;
}
