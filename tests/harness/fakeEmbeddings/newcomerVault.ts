/**
 * A small vault where the answer to a newcomer's question shares no word with it: "a whiteboard
 * where I lay out cards and draw arrows" means Canvas. The fake model reads `whiteboard` as
 * `canvas` and `arrows` as `connections` (`FakeEmbeddings.meanings`), as a real model relates
 * them and a keyword index cannot; `Help/Cards.md` and `Help/Arrows.md` share the question's words.
 */
export const NEWCOMER_VAULT: Readonly<Record<string, string>> = {
	"Help/Canvas.md": "# Canvas\n\nLay out notes on an infinite board and link them with connections.\n",
	"Help/Daily notes.md": "# Daily notes\n\nOne note for each day, opened with a hotkey.\n",
	"Help/Cards.md": "# Cards\n\nA deck of flashcards for spaced repetition, each with a front and a back.\n",
	"Help/Arrows.md": "# Arrows\n\nArrow keys move the cursor; draw nothing.\n",
};

export const NEWCOMER_MEANINGS: ReadonlyMap<string, string> = new Map([
	["whiteboard", "canvas"],
	["board", "canvas"],
	["arrows", "connections"],
	["draw", "link"],
]);

export const NEWCOMER_QUESTION = "a whiteboard where I lay out cards and draw arrows";
