import * as z from "zod/mini";
import {
	editableNote,
	MAX_EDIT_TEXT_CHARS,
	proposeEdits,
	selectionScope,
	type EditRefusal,
	type EditRequest,
	type EditScope,
} from "../../edits";
import { baseName } from "../../vault/paths";
import { accessRefusal } from "./accessRefusal";
import { defineTool } from "./defineTool";
import { headingArgument } from "./noteArguments";
import { noteLine } from "./noteLocation";
import { resolveNotePath } from "./notePath";
import { inputText } from "./toolDescriber";
import { toolError, toolText } from "./toolResult";
import type { WriteToolDeps } from "./writeToolDeps";

/** The most replacements one proposal holds: each is a hunk the user reviews on the card. */
const MAX_EDITS = 20;

const editText = (description: string, minLength: number) =>
	z.string().check(z.minLength(minLength), z.maxLength(MAX_EDIT_TEXT_CHARS), z.describe(description));

export const noteEditInput = () =>
	z
		.strictObject({
			path: z
				.string()
				.check(
					z.minLength(1),
					z.describe("The note's vault path, e.g. `Projects/Atlas.md`, or a link such as `[[Atlas]]`."),
				),
			edits: z.optional(
				z
					.array(
						z.strictObject({
							find: editText(
								"The exact text of the note to change (spaces and line breaks count), long enough to occur once.",
								1,
							),
							replace: editText("What it becomes; empty to delete it.", 0),
						}),
					)
					.check(
						z.minLength(1),
						z.maxLength(MAX_EDITS),
						z.describe("Exact replacements that do not overlap; or give section and text."),
					),
			),
			section: z.optional(
				headingArgument(
					"A heading of the note as written (`Goals`, or `## Goals` for its level): its body becomes text.",
				),
			),
			text: z.optional(editText("The section's new body in markdown, without its heading.", 0)),
			reason: z.string().check(
				z.minLength(1),
				z.maxLength(300),
				z.refine((reason) => reason.trim() !== "", "must not be blank"),
				z.describe("Why, in a sentence the user reads on the card (e.g. `You asked for a shorter intro`)."),
			),
		})
		.check(
			z.refine(
				(input) =>
					input.edits !== undefined
						? input.section === undefined && input.text === undefined
						: input.section !== undefined && input.text !== undefined,
				"give either edits, or section and text (not both)",
			),
		);

export const noteEdit = defineTool<ReturnType<typeof noteEditInput>, WriteToolDeps>({
	name: "note_edit",
	description: [
		"Propose changes to a note of the user's: exact replacements (edits), or a section's new body (section and text).",
		"Nothing is written until the user accepts each change on a card in the chat: never say the note is changed, say what you proposed.",
		"Read the note first (memory_get) and copy each find exactly. Propose only what the user asked for, in the note's language and style.",
		"Not for verified notes, your memory and identity files, your callout or a note's properties.",
	].join(" "),
	effect: "propose",
	schema: noteEditInput,
	describe: {
		label: (input) => ({ key: "chip.note_edit", vars: { path: inputText(input, "path") } }),
		locations: "read",
	},
	async run(input, deps) {
		const access = resolveNotePath(input.path, deps);
		if (access.kind !== "allowed") return accessRefusal(access, deps.vault.policy);
		const note = await editableNote(deps.vault, deps.layout, access.path);
		if (note.kind === "refused") return toolError(refusalText(note.refusal, note.path, note.detail));
		const scope = scopeOf(note, deps);
		if (scope === "elsewhere") return toolError(refusalText("outside-scope", note.path));
		if (scope === "lost")
			return toolError(
				`the text the user selected is no longer found once in ${note.path}, so no change to it can be proposed; tell the user.`,
			);
		const request: EditRequest =
			input.edits !== undefined ? { edits: input.edits } : { section: input.section ?? "", text: input.text ?? "" };
		// One line, as the card, the audit record and a diff's header show it.
		const reason = input.reason.replace(/\s+/g, " ").trim();
		const proposed = proposeEdits(note.text, request, { path: note.path, reason, scope });
		if (proposed.kind === "refused") {
			const which = proposed.edit === undefined || input.edits === undefined ? "" : `edit ${proposed.edit + 1}: `;
			return toolError(`${which}${refusalText(proposed.refusal, note.path, proposed.detail)}`);
		}
		const { proposal } = proposed;
		const count = proposal.hunks.length;
		return toolText(
			[
				`Proposed ${count} ${count === 1 ? "change" : "changes"} to ${note.path} ([[${baseName(note.path)}]]), at line ${proposal.hunks.map((hunk) => hunk.line).join(", ")}.`,
				"Nothing is written yet: the user reviews them on a card in the chat and accepts or rejects each.",
				"Do not say the note is changed; say briefly what you proposed and that it awaits their review.",
			].join(" "),
			{
				locations: proposal.hunks.map((hunk) => noteLine(note.path, hunk.line)),
				display: { kind: "edit-proposal", proposal },
			},
		);
	},
});

/**
 * The range of this note the turn's changes are confined to: none without a selection,
 * `elsewhere` when the user selected text in another note, `lost` when the selected text is no
 * longer found once in the note.
 */
function scopeOf(
	note: { readonly path: string; readonly text: string },
	deps: WriteToolDeps,
): EditScope | undefined | "elsewhere" | "lost" {
	const selection = deps.editSelection;
	if (selection === undefined) return undefined;
	const selected = resolveNotePath(selection.path, deps);
	if (selected.kind !== "allowed" || selected.path !== note.path) return "elsewhere";
	return selectionScope(note.text, { ...selection, path: note.path }) ?? "lost";
}

/** What the model is told when a proposal is not made, so that it can correct it or tell the user. */
function refusalText(refusal: EditRefusal, path: string, detail?: string): string {
	const why: Record<EditRefusal, string> = {
		verified: `${path} is marked \`verified\` by the user: propose no changes to it. Suggest the change in your answer, or write beside it with note_annotate.`,
		hidden: `no note at "${path}".`,
		missing: `no note at "${path}".`,
		identity: `${path} is one of your identity files: add to it with identity_update.`,
		"not-editable": `${path} cannot be changed by note_edit: it is one of your own memory files or transcripts, or not a markdown note of the user's.`,
		"find-absent": `its find text is not in ${path} exactly as written (spaces, punctuation and line breaks count). Read the note with memory_get and copy the text to change.`,
		"find-ambiguous": `its find text occurs more than once in ${path}: include more of the text around it, so that it occurs once.`,
		"section-absent": `${path} has no single heading of that name. Name a heading as the note writes it, or use edits.`,
		overlap: "it changes text that another edit also changes: merge the two into one edit.",
		"outside-scope":
			"the user selected text for this message: propose changes only inside that selection, in the note it is in.",
		"no-change": "the changes leave the note as it is: nothing to propose.",
	};
	return detail === undefined ? why[refusal] : `${detail} ${refusal === "not-editable" ? "" : why[refusal]}`.trim();
}
