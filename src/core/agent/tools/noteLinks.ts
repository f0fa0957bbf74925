import type { NoteMetadata } from "../../metadata";
import { checkReadAccess } from "../../vault/readAccess";
import type { LineSelection } from "./lineSelection";
import type { MemoryToolDeps } from "./memoryToolDeps";

/** Links listed after a note: enough to follow the note's thread, few enough to stay short. */
export const MAX_LISTED_LINKS = 20;

/**
 * The notes that the selected lines link to, each once, in the order they first appear, with the
 * path to read each one at (`memory_get` takes it). A link to a note the assistant may not read
 * says so without its path; the link text itself is in the text already shown.
 */
export function linkList(
	notePath: string,
	metadata: NoteMetadata,
	selection: LineSelection,
	deps: MemoryToolDeps,
): string[] {
	const inSelection = (line: number) => line + 1 >= selection.firstLine && line + 1 <= selection.lastLine;
	const written = [
		// Frontmatter links (`related: "[[x]]"`) have no position; they come with the note's first line.
		...(selection.firstLine === 1 ? (metadata.frontmatterLinks ?? []) : []),
		...(metadata.links ?? []).filter((link) => inSelection(link.position.start.line)),
	];
	const linkpaths = [
		...new Set(written.map(({ link }) => link.split("#", 1)[0].trim()).filter((linkpath) => linkpath !== "")),
	];
	if (linkpaths.length === 0) return [];
	const listed = linkpaths
		.slice(0, MAX_LISTED_LINKS)
		.map((linkpath) => `- [[${linkpath}]]${whereItLeads(linkpath, notePath, deps)}`);
	const more = linkpaths.length - listed.length;
	return ["Links:", ...listed, ...(more > 0 ? [`(and ${more} more)`] : [])];
}

function whereItLeads(linkpath: string, notePath: string, deps: MemoryToolDeps): string {
	const target = deps.vault.resolveLink(linkpath, notePath);
	if (target === null) return " (no such note)";
	const access = checkReadAccess(target, deps.vault);
	return access.kind === "denied" ? " (access denied)" : ` → ${target}`;
}
