import { snippetOf, tokenize, type SearchFilters } from "../../retrieval";
import { checkReadAccess } from "../../vault/readAccess";
import { answerScore, answerUnits, questionOf, type AnswerUnit, type Question } from "./answerLine";
import { asksAboutAssistantFiles, isAssistantFile } from "./assistantFiles";
import { linkedNotesOf, type LinkedNotes } from "./linkedNotes";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { outlineOf, type NoteOutline } from "./noteOutline";
import { PASSAGE_CHARS, passageAt } from "./notePassage";
import { withResolvedLinks } from "./passageLinks";
import { readForModel } from "../derivedNotes";

export interface MemorySearchRequest extends SearchFilters {
	readonly query: string;
	readonly limit: number;
}

/** One note found, as the model and the command line see it. */
export interface MemoryMatch {
	readonly path: string;
	/** 1-based: the note's line that best answers the query, else the first of its best passage where a query word occurs. */
	readonly line: number;
	/** The heading trail (`A > B`) of the section shown, empty before the first heading. */
	readonly heading: string;
	readonly score: number;
	/** Markdown of that section, whole blocks and list items (see `passageAt`), its links resolved or made text. */
	readonly passage: string;
}

/** The one line of the results that best answers the query (see `answerScore`), quoted from its note. */
export interface BestLine {
	readonly path: string;
	readonly line: number;
	readonly heading: string;
	readonly text: string;
}

/** What a search gives: the notes found, best first; the line that answers best; the notes the first one links to. */
export interface SearchAnswer {
	readonly matches: readonly MemoryMatch[];
	readonly best: BestLine | null;
	readonly linked: LinkedNotes | null;
	/** Images and PDFs whose names share a word with the query (`attachmentsNamed`); absent when none do. */
	readonly attachments?: readonly string[];
}

interface ReadMatch {
	readonly match: MemoryMatch;
	readonly best: { readonly unit: AnswerUnit; readonly score: number; readonly heading: string } | null;
}

/**
 * The notes that best match `request`, best first, each with its best-answering line and the
 * section around it read from the note. The engine applies the filters before the limit and
 * decays daily notes by the searcher's today.
 */
export async function searchMemories(deps: MemoryToolDeps, request: MemorySearchRequest): Promise<SearchAnswer> {
	const { query, ...options } = request;
	const ownFilesWanted = deps.assistantFilesInSearch !== "when-asked" || asksAboutAssistantFiles(query);
	const admits = (path: string) => ownFilesWanted || !isAssistantFile(path, deps.layout);
	// Left out by the index, before its limit: a month of daily memory on the topic does not crowd out the user's note on it.
	const hits = await deps.index.search(query, { ...options, admits });
	const question = questionOf(query);
	const found: ReadMatch[] = [];
	for (const hit of hits) {
		// The index holds no private note; the guard covers one that turned private or vanished since it was indexed.
		const access = checkReadAccess(hit.path, deps.vault);
		if (access.kind !== "allowed") continue;
		const content = await readForModel(deps, access.path);
		const outline = outlineOf(access.path, content, access.metadata);
		const best = bestUnitOf(outline, question);
		// The excerpt scans the whole note (a fifth of a second for a line of a megabyte): made once, when needed.
		let excerpt: ReturnType<typeof snippetOf> | null = null;
		const snippet = () => (excerpt ??= snippetOf(content, hit));
		const line = best?.unit.line ?? snippet().line;
		const passage = passageAt(outline, line);
		// Only a line too long to show whole overflows a passage: then the excerpt around the hit, flattened, is all that fits.
		const text = passage.text.length <= PASSAGE_CHARS ? passage.text : snippet().text;
		const match = {
			path: hit.path,
			line,
			heading: passage.heading,
			score: hit.score,
			passage: withResolvedLinks(text, hit.path, deps.vault),
		};
		found.push({ match, best });
	}
	const matches = found.map((read) => read.match);
	const top = matches.at(0);
	const linked =
		top === undefined ? null : await linkedNotesOf(top, new Set(matches.map((match) => match.path)), admits, deps);
	return { matches, best: bestLineOf(found, deps), linked };
}

/** The unit of the note that answers best, the first of equals; `null` when none answers at all. */
function bestUnitOf(outline: NoteOutline, question: Question): ReadMatch["best"] {
	let best: ReadMatch["best"] = null;
	for (const section of outline.sections) {
		const context = new Set([...outline.nameWords, ...tokenize(section.heading)]);
		for (const unit of answerUnits(outline.lines, section.blocks)) {
			// A list item or sentence longer than a passage is no line to quote.
			if (unit.text.length > PASSAGE_CHARS) continue;
			const score = answerScore(question, unit, context);
			if (score > (best?.score ?? 0)) best = { unit, score, heading: section.heading };
		}
	}
	return best;
}

/** Across the notes found, the best unit; on a tie the one in the better note; `null` when none answers, or it is all its note shows. */
function bestLineOf(found: readonly ReadMatch[], deps: MemoryToolDeps): BestLine | null {
	let winner: ReadMatch | null = null;
	for (const read of found) if (read.best !== null && read.best.score > (winner?.best?.score ?? 0)) winner = read;
	if (winner?.best == null) return null;
	const { unit, heading } = winner.best;
	const text = withResolvedLinks(unit.text, winner.match.path, deps.vault);
	// A line that is all its note shows needs no quoting twice.
	return text === winner.match.passage ? null : { path: winner.match.path, line: unit.line, heading, text };
}
