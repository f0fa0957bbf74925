import { MARKDOWN_LINK, URL_SCHEME } from "../../vault/linkPatterns";
import type { VaultView } from "../../vault/vaultView";

/** `[[target#sub|alias]]` and `![[...]]`, as Obsidian writes wikilinks and embeds. */
const WIKILINK = /(!?)\[\[([^\]|\n]*)(?:\|([^\]\n]*))?\]\]/g;
const FENCE = /^\s*(```|~~~)/;

/**
 * A passage's wikilinks as they should reach a reader elsewhere than the note: a link the view
 * resolves points at the note's full path (so it opens the same note from a chat or a transcript,
 * wherever that is), showing the text the note showed; a link to no note, or to a note the view
 * hides, is its text alone, never a link to click. Code is left as it is. `as written` keeps a
 * link that resolves as it was written, for text drawn where it was written (a chat's reply).
 */
export function withResolvedLinks(
	text: string,
	sourcePath: string,
	view: Pick<VaultView, "resolveLink">,
	resolved: "full path" | "as written" = "full path",
): string {
	// A link is still a link after its rewriting only when it resolved.
	const kept = (whole: string, rewrite: string) =>
		resolved === "as written" && /^!?\[\[/.test(rewrite) ? whole : rewrite;
	let inCode = false;
	return text
		.split("\n")
		.map((line) => {
			if (FENCE.test(line)) inCode = !inCode;
			else if (!inCode) {
				return line
					.replace(WIKILINK, (whole, bang: string, target: string, alias: string | undefined) =>
						kept(whole, rewritten(bang, target, alias, sourcePath, view)),
					)
					.replace(MARKDOWN_LINK, (whole, bang: string, label: string, destination: string) =>
						kept(whole, markdownRewritten(whole, bang, label, destination, sourcePath, view)),
					);
			}
			return line;
		})
		.join("\n");
}

function rewritten(
	bang: string,
	target: string,
	alias: string | undefined,
	sourcePath: string,
	view: Pick<VaultView, "resolveLink">,
): string {
	const hash = target.indexOf("#");
	const linkpath = (hash === -1 ? target : target.slice(0, hash)).trim();
	const subpath = hash === -1 ? "" : target.slice(hash);
	const shown = alias?.trim() || displayOf(linkpath, subpath);
	const resolved = view.resolveLink(linkpath === "" ? sourcePath : linkpath, sourcePath);
	// A name that holds what ends a link cannot be linked without breaking out of it.
	if (resolved === null || /[[\]|]/.test(resolved)) return shown;
	return `${bang}[[${resolved.replace(/\.md$/i, "")}${subpath}|${shown}]]`;
}

/**
 * A markdown link into the vault, as a wikilink is: to the note's full path when the view
 * resolves it, else its text alone (so an embed of a hidden note never draws it). A path that
 * cannot be decoded resolves to nothing.
 */
function markdownRewritten(
	whole: string,
	bang: string,
	label: string,
	destination: string,
	sourcePath: string,
	view: Pick<VaultView, "resolveLink">,
): string {
	const raw = destination.replace(/^<|>$/g, "");
	if (URL_SCHEME.test(raw)) return whole;
	let target: string;
	try {
		target = decodeURIComponent(raw);
	} catch {
		target = "";
	}
	// A wikilink's alias cannot hold what ends the link.
	const alias = label.replace(/[|[\]]/g, " ").trim();
	return target === "" ? alias : rewritten(bang, target, alias === "" ? undefined : alias, sourcePath, view);
}

/** What Obsidian shows for a link without an alias: `Note`, `Note > Heading`, or the heading alone for one in the same note. */
function displayOf(linkpath: string, subpath: string): string {
	const heading = subpath.replace(/^#\^?/, "").replace(/#/g, " > ");
	if (linkpath === "") return heading;
	return heading === "" ? linkpath : `${linkpath} > ${heading}`;
}
