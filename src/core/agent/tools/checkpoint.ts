import * as z from "zod/mini";
import { appendDailyEntry } from "../../memory/daily";
import { localTime, localTimestamp } from "../../memory/dailyDates";
import { stampedEntry } from "../../memory/stampedEntry";
import { CHECKPOINT_THRESHOLDS } from "../checkpointMoments";
import { defineTool } from "./defineTool";
import { entryText } from "./entryText";
import { wholeNote } from "./noteLocation";
import { toolText } from "./toolResult";
import type { WriteToolDeps } from "./writeToolDeps";

/**
 * The session checkpoint: where the work stands, so that the next conversation resumes it.
 * Saved in two places, each for its reader. The user's: today's daily memory, under
 * `## Checkpoint`, a note they can read, search and keep (and the history book summarises);
 * every checkpoint of the day stays there, in order, since daily memory is only added to. The
 * plugin's: the `checkpoint` display, which the plugin stores as `state.lastCheckpoint` for the
 * resume banner, so that the banner needs no parsing of notes and survives edits to them.
 */

/** The section of today's daily memory that checkpoints go under. */
export const CHECKPOINT_SECTION = "Checkpoint";

export const checkpointInput = () =>
	z.strictObject({
		doing: entryText(
			"What the user is doing now, in a sentence: the task, the part of it, the question being worked on.",
			500,
		),
		next_action: entryText("The very next step, concrete enough to start on without rereading this conversation.", 500),
		notes: z.optional(
			entryText("What the next session needs besides: decisions made, open questions, where things stand.", 2000),
		),
		refs: z.optional(
			z
				.array(z.string().check(z.minLength(1), z.maxLength(300)))
				.check(
					z.maxLength(20),
					z.describe("The notes, papers or pages the work relies on, as `[[Note]]` links or URLs."),
				),
		),
	});

export const checkpoint = defineTool<ReturnType<typeof checkpointInput>, WriteToolDeps>({
	name: "checkpoint",
	description: [
		"Save where the work stands so that the next conversation can pick it up: what the user is doing and the next action, with notes and references.",
		'It goes to today\'s daily memory under Checkpoint, and the next chat opens with it ("You were doing ... Next: ...").',
		`Save one without being asked when the user is about to leave, or a milestone is reached (a part finished, a key decision or source found); after long work (more than ${CHECKPOINT_THRESHOLDS.turns} exchanges or ${CHECKPOINT_THRESHOLDS.notesWritten} notes written since the last checkpoint); before switching to another part of the work; and whenever the user asks.`,
	].join(" "),
	effect: "write",
	schema: checkpointInput,
	describe: { label: () => ({ key: "chip.checkpoint" }), locations: "written" },
	async run(input, deps) {
		const lines = [
			`Doing: ${input.doing.trim()}`,
			`Next: ${input.next_action.trim()}`,
			...(input.notes === undefined ? [] : [`Notes: ${input.notes.trim()}`]),
			...(input.refs === undefined || input.refs.length === 0
				? []
				: [`Refs: ${input.refs.map((ref) => ref.trim()).join(", ")}`]),
		];
		const result = await appendDailyEntry(deps, deps.daily, stampedEntry(localTime(deps.clock), lines.join("\n")), {
			section: CHECKPOINT_SECTION,
			actor: deps.actor,
			reason: "checkpoint",
		});
		const saved = {
			savedAt: localTimestamp(deps.clock),
			doing: input.doing.trim(),
			nextAction: input.next_action.trim(),
			...(input.notes === undefined ? {} : { notes: input.notes.trim() }),
			...(input.refs === undefined || input.refs.length === 0 ? {} : { refs: input.refs.map((ref) => ref.trim()) }),
		};
		return toolText(
			`Checkpoint saved in today's daily memory (${result.path}, under ${CHECKPOINT_SECTION}); the next chat opens with it.`,
			{
				locations: [wholeNote(result.path)],
				display: { kind: "checkpoint", path: result.path, checkpoint: saved },
			},
		);
	},
});
