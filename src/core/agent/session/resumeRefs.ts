import { extensionOf } from "../../vault/paths";
import type { VaultView } from "../../vault/vaultView";
import type { Checkpoint } from "../../workspace/data/state";

const WIKILINK = /^\[\[([^\]]*)\]\]$/;

/**
 * The checkpoint a chat resumes from, without the references that name a note the view hides
 * now. A checkpoint outlives the rules it was saved under: a note it names may have been made
 * private since (or the user named one in the checkpoint they completed). A reference is taken
 * as Obsidian takes a link, so `[[Salary talks]]` names `Private/Salary talks.md` as its full
 * path does; references to pages, and to notes not written yet, stay.
 */
export function withoutHiddenRefs(checkpoint: Checkpoint, vault: Pick<VaultView, "hiddenFiles">): Checkpoint {
	if (checkpoint.refs === undefined || checkpoint.refs.length === 0) return checkpoint;
	const hidden = vault
		.hiddenFiles()
		.filter((file) => extensionOf(file.path) === "md")
		.map((file) => file.path.slice(0, -".md".length).toLowerCase());
	if (hidden.length === 0) return checkpoint;
	const namesHidden = (ref: string) => {
		const inner = WIKILINK.exec(ref.trim())?.[1] ?? ref;
		const linkpath = inner.split("|", 1)[0].split("#", 1)[0].trim().replace(/\.md$/i, "").toLowerCase();
		return linkpath !== "" && hidden.some((path) => path === linkpath || path.endsWith(`/${linkpath}`));
	};
	return { ...checkpoint, refs: checkpoint.refs.filter((ref) => !namesHidden(ref)) };
}
