import * as z from "zod/mini";
import { ASSISTANT_CALLOUT_HEADER } from "../../text/assistantCallout";
import { yearlyFolder } from "../../memory/historyBook";
import { escapeExcludedTags } from "../../vault/excludedTagText";
import { baseName, isInFolder } from "../../vault/paths";
import { findIdentityFiles } from "../../workspace/identity";
import { accessRefusal } from "./accessRefusal";
import { defineTool } from "./defineTool";
import { notePathArgument } from "./noteArguments";
import { entryText } from "./entryText";
import { wholeNote } from "./noteLocation";
import { resolveNotePath } from "./notePath";
import { inputText } from "./toolDescriber";
import { toolError, toolText } from "./toolResult";
import type { WriteToolDeps } from "./writeToolDeps";

export const noteAnnotateInput = () =>
	z.strictObject({
		path: notePathArgument(),
		text: entryText(
			"Your notes on the note, in markdown: analysis, connections to other notes as [[links]], open questions. They replace what your callout in this note held before, so repeat anything from it worth keeping.",
		),
	});

export const noteAnnotate = defineTool<ReturnType<typeof noteAnnotateInput>, WriteToolDeps>({
	name: "note_annotate",
	description: [
		`Write your own notes into a note of the user's, inside your callout (\`${ASSISTANT_CALLOUT_HEADER}\`) at the end of the note: the user's text and properties, verified or not, stay exactly as they are.`,
		"A note has one such callout: a second call replaces its text instead of adding another callout.",
		"Use it to leave analysis beside a note (a paper, a project) where the user will find it; never to correct the user's text, which you cannot change.",
		"Private notes, and your own memory and identity files (use memory_append or identity_update for those), cannot be annotated.",
	].join(" "),
	effect: "write",
	schema: noteAnnotateInput,
	describe: {
		label: (input) => ({ key: "chip.note_annotate", vars: { path: inputText(input, "path") } }),
		locations: "written",
	},
	async run(input, deps) {
		const access = resolveNotePath(input.path, deps);
		if (access.kind !== "allowed") return accessRefusal(access, deps.vault.policy);
		if (isAssistantMemory(access.path, deps)) {
			return toolError(
				`"${access.path}" is one of your memory or identity files: add to it with memory_append or identity_update.`,
			);
		}
		// An excluded tag in the callout would hide the user's whole note from the assistant.
		const text = escapeExcludedTags(input.text, deps.vault.policy);
		const outcome = await deps.writer.writeAssistantCallout(access.path, text, {
			actor: deps.actor,
			reason: `note_annotate ${access.path}`,
		});
		const locations = [wholeNote(access.path)];
		if (!outcome.changed)
			return toolText(`Your callout in ${access.path} already holds exactly this text: nothing was changed.`, {
				locations,
			});
		return toolText(
			`Wrote your notes into your callout in ${access.path} ([[${baseName(access.path)}]]); the rest of the note is unchanged.`,
			{ locations },
		);
	},
});

/** The files whose writes have their own tool, with its rules (append only, announced with an undo). */
function isAssistantMemory(path: string, deps: WriteToolDeps): boolean {
	const identity = Object.values(findIdentityFiles(deps.vault, deps.layout));
	const folders = [
		deps.layout.dailyFolder,
		deps.layout.weeklyFolder,
		deps.layout.archiveFolder,
		yearlyFolder(deps.layout),
	];
	return identity.includes(path) || folders.some((folder) => isInFolder(path, folder));
}
