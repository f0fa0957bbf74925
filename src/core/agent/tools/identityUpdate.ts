import * as z from "zod/mini";
import { headingText } from "../../text/markdownSections";
import { escapeExcludedTags } from "../../vault/excludedTagText";
import { findIdentityFiles } from "../../workspace/identity";
import { TURN_BUDGETS } from "../turnBudgets";
import { defineTool } from "./defineTool";
import { headingArgument } from "./noteArguments";
import { entryText } from "./entryText";
import { IDENTITY_FILES, IDENTITY_FILE_ROLES } from "./identityFiles";
import { addToIdentity, UPDATES_HEADING, type IdentityAddition } from "./identitySection";
import { wholeNote } from "./noteLocation";
import { toolError, toolText } from "./toolResult";
import type { WriteToolDeps } from "./writeToolDeps";

export const identityUpdateInput = () =>
	z.strictObject({
		file: z
			.enum(IDENTITY_FILES)
			.check(
				z.describe(
					"`soul`: who you are (personality, tone, way of working). `user`: who the user is (work, projects, preferences, current focus). `claude`: the rules you follow.",
				),
			),
		text: entryText(
			"What to add, in markdown, in the file's language and style (usually a list item: `- Prefers short answers in the morning`).",
			2000,
		),
		reason: z.string().check(
			z.minLength(1),
			z.maxLength(300),
			z.refine((reason) => reason.trim() !== "", "must not be blank"),
			z.describe(
				"Why, in a sentence the user will read beside the change (e.g. `You asked me to keep answers short`).",
			),
		),
		section: z.optional(
			headingArgument(
				`The heading of the file's section the text belongs to, as written there (e.g. \`Preferences\`). Without it, or when no such heading exists, the section whose heading matches the text's topic, else \`${headingText(UPDATES_HEADING)}\` at the end.`,
			),
		),
	});

export const identityUpdate = defineTool<ReturnType<typeof identityUpdateInput>, WriteToolDeps>({
	name: "identity_update",
	description: [
		"Add to an identity file, which is in your context in every conversation: soul.md (you), user.md (the user) or claude.md (your rules).",
		"The text is added to the right section; nothing is removed or rewritten. The user sees every change in the chat, with a diff and an undo, and you say in your answer what you changed and why.",
		"Update when the user asks you to, or has shown the same preference more than once; when unsure, do not write, or ask.",
		"Memory of events goes to memory_append, not here.",
	].join(" "),
	effect: "identity",
	schema: identityUpdateInput,
	describe: { label: () => ({ key: "chip.identity_update" }), locations: "written" },
	async run(input, deps) {
		const path = findIdentityFiles(deps.vault, deps.layout)[IDENTITY_FILE_ROLES[input.file]];
		if (path === null)
			return toolError(
				`there is no ${input.file} file in the assistant folder yet; onboarding in the settings creates it.`,
			);
		const unchanged = () =>
			toolText(`${path} already says this: nothing was changed.`, { locations: [wholeNote(path)] });
		if ((await deps.vault.read(path)).includes(input.text.trim())) return unchanged();
		// The text before and after as the atomic write saw it, which the record's hashes are of.
		const seen: { change?: IdentityAddition & { readonly before: string } } = {};
		const cap = TURN_BUDGETS.identityFileChars;
		let overCap = false;
		const outcome = await deps.writer.processNote(
			path,
			(current) => {
				// An excluded tag in it would hide the identity file from the assistant that reads it.
				const text = escapeExcludedTags(input.text.trim(), deps.vault.policy);
				const change = addToIdentity(current, text, input.section);
				// Judged on the bytes being written over, so that no edit made meanwhile lets the file past the cap.
				overCap = change.content.length > cap;
				if (overCap) return current;
				seen.change = { before: current, ...change };
				return change.content;
			},
			{ actor: deps.actor, reason: input.reason.trim() },
		);
		if (overCap)
			return toolError(
				`not written: ${path} would grow past ${cap} characters, the most an identity file may hold. Tell the user; they can shorten it by hand.`,
			);
		if (outcome.record === null || seen.change === undefined) return unchanged();
		const { before, content: after, heading } = seen.change;
		return toolText(
			`Added to ${path} under "${heading}". The user sees the change in the chat, with an undo; say what you changed and why.`,
			{
				locations: [wholeNote(path)],
				display: {
					kind: "identity-diff",
					file: input.file,
					path,
					reason: input.reason.trim(),
					before,
					after,
					undo: { record: outcome.record, before },
				},
			},
		);
	},
});
