import * as z from "zod/mini";
import { captureToInbox } from "../../memory/capture";
import { baseName } from "../../vault/paths";
import { defineTool } from "./defineTool";
import { entryText } from "./entryText";
import { wholeNote } from "./noteLocation";
import { toolText } from "./toolResult";
import type { WriteToolDeps } from "./writeToolDeps";

export const captureNoteInput = () =>
	z.strictObject({
		title: entryText(
			"The note's title, a few words; it names the file (`YYYY-MM-DD Title.md`, characters files cannot hold left out).",
			300,
		),
		text: entryText("The note's content, in markdown.", 20_000),
		tags: z.optional(
			z
				.array(z.string().check(z.minLength(1), z.maxLength(100)))
				.check(z.maxLength(10), z.describe("Tags for the note, without `#`, in the vault's own tag names.")),
		),
	});

export const captureNote = defineTool<ReturnType<typeof captureNoteInput>, WriteToolDeps>({
	name: "capture_note",
	description: [
		"Save something as a new note in the user's inbox, for the user to sort later: an idea, a summary, a draft, a list they asked for.",
		"Always a new note, named with today's date and the title, never over an existing one.",
		"Use it when the user asks to note, save or capture something, or for content that belongs in a note of its own rather than in your memory.",
	].join(" "),
	effect: "create",
	schema: captureNoteInput,
	describe: { label: () => ({ key: "chip.capture_note" }), locations: "written" },
	async run(input, deps) {
		const outcome = await captureToInbox(deps, deps.layout.inboxFolder, {
			...input,
			source: "assistant",
			actor: deps.actor,
		});
		return toolText(`Captured as a new note: ${outcome.path}. Link to it as [[${baseName(outcome.path)}]].`, {
			locations: [wholeNote(outcome.path)],
		});
	},
});
