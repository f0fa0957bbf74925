import { extensionOf } from "../../vault/paths";
import type { VaultView } from "../../vault/vaultView";
import type { Checkpoint } from "../../workspace/data/state";

const WIKILINK = /^\[\[([^\]]*)\]\]$/;
const WIKILINKS_IN_TEXT = /!?\[\[([^\]\n]*)\]\]/g;

/** What stands in a checkpoint's text for a link to a note hidden since. */
export const WITHHELD_LINK = "[a note that is private now]";

/**
 * The checkpoint a chat resumes from, without what names a note the view hides now: such
 * references are left out, such links in its text replaced by `WITHHELD_LINK`. A checkpoint
 * outlives the rules it was saved under: a note it names may have been made private since (or
 * the user named one in the checkpoint they completed). A reference is taken as Obsidian takes a
 * link, so `[[Salary talks]]` names `Private/Salary talks.md` as its full path does; references
 * to pages, and to notes not written yet, stay.
 */
export function withoutHiddenRefs(checkpoint: Checkpoint, vault: Pick<VaultView, "hiddenFiles">): Checkpoint {
	const hidden = vault
		.hiddenFiles()
		.filter((file) => extensionOf(file.path) === "md")
		.map((file) => file.path.slice(0, -".md".length).toLowerCase());
	if (hidden.length === 0) return checkpoint;
	const namesHidden = (link: string) => {
		const linkpath = link.split("|", 1)[0].split("#", 1)[0].trim().replace(/\.md$/i, "").toLowerCase();
		return linkpath !== "" && hidden.some((path) => path === linkpath || path.endsWith(`/${linkpath}`));
	};
	const scrubbed = (text: string) =>
		text.replace(WIKILINKS_IN_TEXT, (whole, link: string) => (namesHidden(link) ? WITHHELD_LINK : whole));
	return {
		...checkpoint,
		doing: scrubbed(checkpoint.doing),
		nextAction: scrubbed(checkpoint.nextAction),
		...(checkpoint.notes === undefined ? {} : { notes: scrubbed(checkpoint.notes) }),
		...(checkpoint.refs === undefined
			? {}
			: { refs: checkpoint.refs.filter((ref) => !namesHidden(WIKILINK.exec(ref.trim())?.[1] ?? ref)) }),
	};
}
