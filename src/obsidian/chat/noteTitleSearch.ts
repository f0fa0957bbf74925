import { prepareFuzzySearch, type App, type Component, type TFile } from "obsidian";
import { attachmentMediaType } from "../../core/model/attachmentFiles";

/** How many notes a `[[` suggestion shows. */
export const MENTION_LIMIT = 20;

interface Found {
	readonly file: TFile;
	readonly score: number;
}

/**
 * Note titles for `[[` mentions, found on every keystroke without reading any note: Obsidian's
 * fuzzy match over the names of the notes and of the images and PDFs the model can be sent (an
 * attachment by its name with its extension, as its link is written), the best `limit` kept. The names are listed once and
 * again after a note is added, removed or renamed. A query that extends the last one is matched
 * only against the last one's matches (whatever matches `atla` matched `atl`), so typing a title
 * narrows an ever shorter list.
 */
export class NoteTitleSearch {
	private files: TFile[] | null = null;
	private last: { readonly query: string; readonly matches: readonly Found[] } | null = null;

	constructor(
		private readonly app: App,
		owner: Component,
		private readonly mentionable: (file: TFile) => boolean = () => true,
		private readonly limit = MENTION_LIMIT,
	) {
		const forget = () => {
			this.files = null;
			this.last = null;
		};
		owner.registerEvent(app.vault.on("create", forget));
		owner.registerEvent(app.vault.on("delete", forget));
		owner.registerEvent(app.vault.on("rename", forget));
	}

	/** The notes whose names match `query` best; for an empty query, the ones changed last. */
	search(query: string): TFile[] {
		this.files ??= this.app.vault
			.getFiles()
			.filter((file) => file.extension === "md" || attachmentMediaType(file.path) !== null);
		const wanted = query.trim();
		// Only the few shown are checked against the privacy rules: the match itself stays instant.
		if (wanted === "") return best(this.files, (file) => file.stat.mtime, this.limit).filter(this.mentionable);
		const candidates =
			this.last !== null && this.last.query !== "" && wanted.startsWith(this.last.query)
				? this.last.matches.map((found) => found.file)
				: this.files;
		const match = prepareFuzzySearch(wanted);
		const matches: Found[] = [];
		for (const file of candidates) {
			const result = match(titleOf(file));
			if (result !== null) matches.push({ file, score: result.score });
		}
		this.last = { query: wanted, matches };
		return best(matches, (found) => found.score, this.limit)
			.map((found) => found.file)
			.filter(this.mentionable);
	}
}

/** How a file is named in a `[[link]]`: a note without its extension, an attachment with it. */
export function titleOf(file: TFile): string {
	return file.extension === "md" ? file.basename : file.name;
}

/** The `limit` items of highest score, best first, by one pass that keeps a short sorted list (no sort of every item). */
function best<T>(items: readonly T[], scoreOf: (item: T) => number, limit: number): T[] {
	const top: T[] = [];
	const scores: number[] = [];
	for (const item of items) {
		const score = scoreOf(item);
		if (top.length === limit && score <= scores[limit - 1]) continue;
		let at = top.length;
		while (at > 0 && scores[at - 1] < score) at--;
		top.splice(at, 0, item);
		scores.splice(at, 0, score);
		if (top.length > limit) {
			top.pop();
			scores.pop();
		}
	}
	return top;
}
