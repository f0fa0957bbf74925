import type { VaultView } from "../../vault/vaultView";
import { skipReasonForFile, type FileEntry, type IndexPolicy, type NoteInput } from "../index";
import type { ReadWindow } from "./pathEvents";

/**
 * What a build reads notes through: the privacy view, for their metadata and text alike, and
 * the policy of the index. A note the view hides is passed on with the view's reason and nothing
 * of it, so that the index can count it without ever seeing it.
 */
export interface NoteSource {
	readonly files: VaultView;
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
	const hidden = judgedByView({ path: file.path, content: "", metadata: null, stat }, source.files);
	if (hidden.hiddenBy !== undefined || hidden.metadata === null) return hidden;
	if (skipReasonForFile(file.path, file.size, source.policy) !== null) return hidden;
	try {
		return { ...hidden, content: await source.files.read(file.path) };
	} catch {
		return null;
	}
}

/**
 * A note as the view lets the index have it: hidden, with the view's reason and nothing else;
 * known, with the view's metadata; not known yet, without metadata. Text handed over by an event
 * is kept only when the view admits it (what `VaultView.read` checks of text it reads).
 */
export function judgedByView(note: NoteInput, view: VaultView): NoteInput {
	const verdict = view.judge(note.path);
	if (verdict.hidden !== null)
		return { path: note.path, content: "", metadata: null, stat: note.stat, hiddenBy: verdict.hidden };
	const { metadata } = verdict;
	if (metadata === null || (note.content !== "" && !view.admitsText(note.path, note.content)))
		return { path: note.path, content: "", metadata: null, stat: note.stat };
	return { ...note, metadata };
}
