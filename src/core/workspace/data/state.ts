import * as z from "zod/mini";

/** Where the user was, saved on request or at a milestone, for the resume banner (seed 000). */
const checkpointSchema = z.object({
	/** When it was saved, ISO 8601 with offset. */
	savedAt: z.iso.datetime({ offset: true }),
	doing: z.string(),
	nextAction: z.string(),
});

/**
 * What the plugin remembers between sessions that is not a setting: never edited by the user,
 * kept small (anything that grows belongs in a note or the plugin's log).
 */
export const stateSchema = z.object({
	onboardingComplete: z.boolean(),
	/** The local date (YYYY-MM-DD) of the last heartbeat that completed, so it runs once a day. */
	lastHeartbeatDate: z.nullable(z.iso.date()),
	lastCheckpoint: z.nullable(checkpointSchema),
});

export type PluginState = z.infer<typeof stateSchema>;
export type Checkpoint = z.infer<typeof checkpointSchema>;

export function defaultState(): PluginState {
	return { onboardingComplete: false, lastHeartbeatDate: null, lastCheckpoint: null };
}
