import * as z from "zod/mini";
import { HEARTBEAT_OUTCOMES } from "./heartbeatOutcome";

/** Where the user was, saved on request or at a milestone, for the resume banner. */
const checkpointSchema = z.object({
	/** When it was saved, ISO 8601 with offset. */
	savedAt: z.iso.datetime({ offset: true }),
	doing: z.string(),
	nextAction: z.string(),
	/** What the next session needs besides, and the notes or pages the work relies on (saved since they existed). */
	notes: z.optional(z.string()),
	refs: z.optional(z.array(z.string())),
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
	/** When the heartbeat last ran (UTC) and how it ended, for the settings tab. */
	lastHeartbeatRun: z.nullable(z.object({ at: z.iso.datetime(), outcome: z.enum(HEARTBEAT_OUTCOMES) })),
	/** The last heartbeat message shown, as a hash of its text, and when: it is not shown again within 24 hours. */
	lastHeartbeatSpoken: z.nullable(
		z.object({ sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)), at: z.iso.datetime() }),
	),
	/** Failed heartbeat runs in a row since the last one that completed. */
	heartbeatFailures: z.number().check(z.int(), z.nonnegative()),
	/** After a failure, the heartbeat tries again from this moment (UTC), later the same day. */
	heartbeatRetryAfter: z.nullable(z.iso.datetime()),
	/**
	 * The privacy settings could not be read from `data.json` nor from its last good copy, so
	 * they may not be the user's: nothing is sent to a model until the user has looked at them.
	 * Saved, so that a restart before that does not forget it.
	 */
	privacyReviewNeeded: z.boolean(),
	/**
	 * The compatible server's models found unable to call tools (`<base URL> <model>`): their
	 * answers are grounded by a search instead. Forgotten when the server settings change.
	 */
	modelsWithoutTools: z.array(z.string()),
});

export type PluginState = z.infer<typeof stateSchema>;
export type Checkpoint = z.infer<typeof checkpointSchema>;

export function defaultState(): PluginState {
	return {
		onboardingComplete: false,
		lastHeartbeatDate: null,
		lastCheckpoint: null,
		lastHeartbeatRun: null,
		lastHeartbeatSpoken: null,
		heartbeatFailures: 0,
		heartbeatRetryAfter: null,
		privacyReviewNeeded: false,
		modelsWithoutTools: [],
	};
}
