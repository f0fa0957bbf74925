import type { MetadataSource } from "../../ports";
import type { VaultView } from "../../vault/vaultView";
import { skipReasonForNote, tagsOf, type FileEntry, type IndexPolicy, type NoteInput } from "../index";
import type { ReadWindow } from "./pathEvents";

/**
 * What a build reads notes through, and the policy that says which notes not to read at all.
 * Text comes only through the privacy view; the metadata cache is asked of every file so that
 * the index can say why it left a note out.
 */
export interface NoteSource {
	readonly files: VaultView;
	readonly metadata: Pick<MetadataSource, "getMetadata">;
	readonly policy: IndexPolicy;
}

/** Thrown into a build that a newer one replaced, to stop it where it stands. */
export class BuildSuperseded extends Error {
	constructor() {
		super("A newer index build replaced this one.");
	}
}

/**
 * The notes of `files`, in order, for `indexInSlices`: up to `readAhead` reads in flight at once,
 * because each read waits on the disk (or the app's file layer on mobile) far longer than it
 * takes to index. A note the metadata cache does not know yet, or whose metadata already keeps it
 * out (private, an excluded tag), is passed on unread, for the index to record why it is skipped:
 * a private note is never even read. A note an event touched since the build began is left
 * out (the event applied a newer version); a file gone before it could be read is left out.
 */
export async function* readNotes(
	files: readonly FileEntry[],
	source: NoteSource,
	events: ReadWindow,
	isCurrent: () => boolean,
	readAhead: number,
): AsyncGenerator<NoteInput> {
	const pending: Promise<NoteInput | null>[] = [];
	let next = 0;
	const fill = () => {
		while (pending.length < readAhead && next < files.length) pending.push(readNote(files[next++], source));
	};
	fill();
	for (let note = pending.shift(); note !== undefined; note = pending.shift()) {
		const read = await note;
		if (!isCurrent()) throw new BuildSuperseded();
		fill();
		if (read !== null && !events.touched(read.path)) yield read;
	}
}

/** One note as a build or a rename reads it; `null` when the file is gone. */
export async function readNote(file: FileEntry, source: NoteSource): Promise<NoteInput | null> {
	const stat = { mtime: file.mtime, size: file.size };
	const metadata = source.metadata.getMetadata(file.path);
	const unread = { path: file.path, content: "", metadata, stat };
	if (metadata === null || skipReasonForNote(metadata, tagsOf(metadata), source.policy) !== null) return unread;
	try {
		return { path: file.path, content: await source.files.read(file.path), metadata, stat };
	} catch {
		return null;
	}
}
