import type { TextModel } from "../model/textModel";
import { baseName } from "../vault/paths";
import type { Classification } from "./classifyNote";
import { reason } from "./folderRole";
import type { Taxonomy } from "./taxonomy";

/**
 * Asking the model where a note belongs, given the folders the taxonomy found and what the rules
 * suggest. The model may only pick one of those folders; an answer that names another, or none,
 * leaves the rules' suggestion as it is.
 */

export const ORGANIZE_SYSTEM = [
	"You help file a note into the user's Obsidian vault.",
	'Answer with one line of JSON and nothing else: {"folder": "<one of the folders listed>", "why": "<a short reason, in the language of the note>"}.',
	"Pick the folder the note most belongs in; keep the rules' suggestion unless the note clearly belongs elsewhere.",
].join(" ");

/** Of the note, at most this many characters are sent. */
const NOTE_CHARS = 3000;
/** How sure a suggestion the model made is, and one where it agrees with the rules. */
const MODEL_CONFIDENCE = 0.75;
const AGREED_CONFIDENCE = 0.9;

export function organizePrompt(
	path: string,
	content: string,
	taxonomy: Taxonomy,
	rules: Classification,
	allowed: readonly string[],
): string {
	const folders = taxonomy.folders
		.filter((entry) => allowed.includes(entry.folder))
		.map((entry) => `- ${entry.folder} (${entry.role}, ${entry.notes} notes)`);
	const excerpt = content.length <= NOTE_CHARS ? content : `${content.slice(0, NOTE_CHARS)}\n[…]`;
	return [
		`Note: ${path}`,
		"<note>",
		excerpt,
		"</note>",
		"",
		"Folders:",
		...folders,
		"",
		`The rules suggest: ${rules.folder === "" ? "(stay)" : rules.folder} (confidence ${rules.confidence}).`,
	].join("\n");
}

/** The rules' classification revised by the model's answer, when the answer names an allowed folder. */
export async function classifyWithModel(
	model: TextModel,
	note: { readonly path: string; readonly content: string },
	taxonomy: Taxonomy,
	rules: Classification,
	allowed: readonly string[],
	signal?: AbortSignal,
): Promise<Classification> {
	const answer = await model.complete({
		system: ORGANIZE_SYSTEM,
		prompt: organizePrompt(note.path, note.content, taxonomy, rules, allowed),
		maxTokens: 200,
		signal,
		origin: { feature: "organize", notes: [note.path] },
	});
	const picked = parseAnswer(answer);
	const entry =
		picked === null
			? undefined
			: taxonomy.folders.find((candidate) => candidate.folder === picked.folder && allowed.includes(candidate.folder));
	if (entry === undefined || picked === null) return rules;
	const why = reason("organize.reason.model", { why: picked.why === "" ? baseName(entry.folder) : picked.why });
	if (entry.folder === rules.folder)
		return { ...rules, confidence: Math.max(rules.confidence, AGREED_CONFIDENCE), reasons: [why, ...rules.reasons] };
	return { folder: entry.folder, role: entry.role, confidence: MODEL_CONFIDENCE, reasons: [why] };
}

function parseAnswer(answer: string): { folder: string; why: string } | null {
	const json = /\{[\s\S]*\}/.exec(answer)?.[0];
	if (json === undefined) return null;
	try {
		const value = JSON.parse(json) as Record<string, unknown>;
		if (typeof value.folder !== "string") return null;
		return {
			folder: value.folder.replace(/^\/+|\/+$/g, ""),
			why: typeof value.why === "string" ? value.why.trim() : "",
		};
	} catch {
		return null;
	}
}
