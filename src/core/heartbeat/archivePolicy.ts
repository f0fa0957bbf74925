import type { AuditActor } from "../audit/record";
import type { ArchiveResult } from "../memory/archive";
import { localTime } from "../memory/dailyDates";
import { stampedEntry } from "../memory/stampedEntry";
import type { Clock } from "../ports";
import { HEARTBEAT_SECTION } from "./runHeartbeat";

/** What an archive run did, in the numbers the user is told (the command's notices, the heartbeat's log). */
export interface ArchiveCounts {
	readonly retentionDays: number;
	readonly archived: number;
	/** Days whose candidate long-term memory this run promoted before moving them. */
	readonly promotedFirst: number;
	/** Days left where they are because their candidates could not be promoted first. */
	readonly keptUnpromoted: number;
	/** Days hidden by the privacy rules, neither read nor moved. */
	readonly private: number;
}

export function archiveCounts(result: ArchiveResult): ArchiveCounts {
	const skipped = (reason: string) => result.skipped.filter((skip) => skip.reason === reason).length;
	return {
		retentionDays: result.retentionDays,
		archived: result.archived.length,
		promotedFirst: result.archived.filter((day) => day.promoted).length,
		keptUnpromoted: skipped("not-promoted"),
		private: skipped("private"),
	};
}

/** What the archive policy needs of the workspace: its archive (the command's own), and today's daily memory for the log. */
export interface PolicyWorkspace {
	archive(actor: AuditActor): Promise<ArchiveResult>;
	appendDailyMemory(entry: string, actor: AuditActor, section?: string): Promise<{ readonly path: string }>;
}

export type ArchivePolicyOutcome =
	| { readonly kind: "off" }
	/** `loggedAt`: the daily note the run's line went to, `null` when it moved or kept nothing and so said nothing. */
	| { readonly kind: "ran"; readonly counts: ArchiveCounts; readonly loggedAt: string | null };

/**
 * The archive policy, run by the heartbeat when the user turned it on (it is off by
 * default): daily memory past the retention is archived by the very path the command takes, so
 * each day's candidate long-term memory is promoted before its note moves, and a day whose
 * candidates cannot be promoted stays where it is; no candidate is stranded in the archive. What it
 * did goes into today's daily memory under the heartbeat's section, in `describe`'s words, so the
 * user can read it there (and undo each move from the audit trail); a run that changed nothing
 * writes nothing.
 */
export async function archiveByPolicy(
	workspace: PolicyWorkspace,
	clock: Clock,
	enabled: boolean,
	describe: (counts: ArchiveCounts) => string,
): Promise<ArchivePolicyOutcome> {
	if (!enabled) return { kind: "off" };
	const counts = archiveCounts(await workspace.archive("heartbeat"));
	if (counts.archived === 0 && counts.keptUnpromoted === 0) return { kind: "ran", counts, loggedAt: null };
	const logged = await workspace.appendDailyMemory(
		stampedEntry(localTime(clock), describe(counts)),
		"heartbeat",
		HEARTBEAT_SECTION,
	);
	return { kind: "ran", counts, loggedAt: logged.path };
}
