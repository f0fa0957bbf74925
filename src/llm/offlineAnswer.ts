import type { ToolResultBlock } from "../core/model/modelClient";
import { searchAnswerIn } from "../core/agent/tools";
import { baseName, fileName } from "../core/vault/paths";
import type { Translate } from "./translate";

/** A note, or a line of one, in a search's answer: where it is and its markdown. */
interface Entry {
	readonly path: string;
	readonly line: number;
	/** The heading trail (`A > B`); empty before the first heading. */
	readonly heading: string;
	readonly text: string;
}

/**
 * The offline model's answer to a `memory_search` result, from the search's answer as data (the
 * result's text is for a real model): the line that best answers the question quoted first with
 * its citation, then the offline label, then each note found under a link to its section with
 * the section's markdown as it is (tasks, numbered steps, code), then the notes the first one
 * links to, and how to connect a model. Links in the passages are the ones the search resolved;
 * the search made every other link plain text. A result without that data found nothing.
 */
export function offlineAnswer(result: ToolResultBlock, translate: Translate): string {
	if (result.isError === true)
		return withKeyHint(translate("offline.answer.search-failed", { error: result.content }), translate);
	const answer = searchAnswerIn(result.data);
	if (answer === null) return withKeyHint(translate("offline.answer.no-matches"), translate);
	const named = attachmentsPart(answer.attachments ?? [], translate);
	if (answer.matches.length === 0)
		return withKeyHint([translate("offline.answer.no-matches"), ...named].join("\n\n"), translate);
	const { best, matches, linked } = answer;
	const passage = (entry: Omit<Entry, "text"> & { readonly passage: string }): Entry => ({
		...entry,
		text: entry.passage,
	});
	// The answer itself comes first; what the assistant is (offline) and where it looked follow it.
	const parts = [
		...(best === null ? [] : [quoted(best)]),
		translate("offline.answer.matches"),
		...matches.map(passage).map(notePart),
	];
	if (linked !== null && linked.notes.length > 0) {
		parts.push(
			translate("offline.answer.linked-from", { note: noteLink(linked.from, "", baseName(linked.from)) }),
			...linked.notes.map(passage).map(notePart),
		);
	}
	return withKeyHint([...parts, ...named].join("\n\n"), translate);
}

/** The images and PDFs named like the question, each a link to open: the offline model reads none of them. */
function attachmentsPart(paths: readonly string[], translate: Translate): string[] {
	if (paths.length === 0) return [];
	return [
		translate("offline.answer.attachments"),
		paths.map((path) => `- ${noteLink(path, "", fileName(path))}`).join("\n"),
	];
}

/** The answer when no search could run: nothing to go on but the honest label. */
export function offlineNoSearchAnswer(translate: Translate): string {
	return withKeyHint(translate("offline.answer.no-search"), translate);
}

function withKeyHint(text: string, translate: Translate): string {
	return `${text}\n\n${translate("offline.answer.add-key")}`;
}

/** The line as a quote, its citation below it in the quote. */
function quoted(entry: Entry): string {
	return [...entry.text.split("\n"), "", `— ${citation(entry)}`]
		.map((line) => (line === "" ? ">" : `> ${line}`))
		.join("\n");
}

/** The note's section as a label line (a link, not a heading), its markdown below. */
function notePart(entry: Entry): string {
	const title = `**${citation(entry)}**`;
	return entry.text === "" ? title : `${title}\n\n${entry.text}`;
}

/** `[[path#Heading|Note › Section › Heading]]`: a link that opens the note at the section, named as a breadcrumb. */
function citation(entry: Entry): string {
	const trail = entry.heading === "" ? [] : entry.heading.split(" > ");
	const crumbs = trail.length === 0 || trail[0] !== baseName(entry.path) ? [baseName(entry.path), ...trail] : trail;
	// A section under the title alone is the note's opening: the note itself is linked.
	const subpath = crumbs.length === 1 ? "" : `#${label(trail[trail.length - 1].replace(/[#^]/g, " "))}`;
	return noteLink(entry.path, subpath, crumbs.join(" › "));
}

/**
 * `[[path#subpath|text]]`. A heading or a name is the note's text: one that holds what ends a
 * link (`]]`, `|`) could close the citation and open an embed of any note. The heading loses
 * those characters; a path that holds them, which no link can name, is its text alone.
 */
function noteLink(path: string, subpath: string, text: string): string {
	if (/[[\]|]/.test(path)) return label(text);
	return `[[${withoutExtension(path)}${subpath}|${label(text)}]]`;
}

/** Obsidian resolves a vault path without its `.md` to the note. */
function withoutExtension(path: string): string {
	return path.replace(/\.md$/i, "");
}

/** A link's shown text cannot hold the characters that end the link. */
function label(text: string): string {
	return text
		.replace(/[[\]|]/g, " ")
		.replace(/\s+/g, " ")
		.trim();
}
