import { safeTitle } from "../memory/captureName";
import { modelWrittenBody } from "../vault/excludedTagText";
import type { IndexPolicy } from "../vault/indexPolicy";

/**
 * An answer saved as a note of its own: named after the question that asked for it (its first
 * line, made safe as a file name), holding the answer's markdown as it was shown. A question
 * that names a note ("What is in plan.md?") does not make a name that ends in `.md` twice.
 */
export function answerNoteFileName(question: string): string {
	const firstLine = question.trim().split(/\r?\n/u, 1)[0] ?? "";
	return `${safeTitle(firstLine.replace(/[?？!！。.\s]+$/u, "").replace(/(\.md)+$/iu, ""))}.md`;
}

/**
 * The answer's markdown as the note's text. The user saves an answer to keep it, not to hide it:
 * a tag or properties block the model wrote (`modelWrittenBody`) never makes the note private.
 */
export function answerNoteText(answer: string, policy: IndexPolicy): string {
	return `${modelWrittenBody(answer.trim(), policy)}\n`;
}
