import { SKIP_REASONS } from "../../core/retrieval";
import type { IndexService } from "../../core/retrieval/service/indexService";
import { t } from "../../i18n";
import { formatCount, formatList, formatSeconds, formatTime } from "../localeFormat";

/** How many notes with broken properties the status names; the count says how many there are in all. */
const UNREADABLE_LISTED = 10;

/** What the settings tab says of the index: where a build is, what it holds, what it left out and why. */
export function indexStatusText(service: IndexService): string {
	const status = service.currentStatus();
	const stats = service.stats();
	if (status.phase === "waiting" || status.phase === "loading" || stats === null)
		return t(`settings.index-status.${status.phase === "waiting" ? "waiting" : "loading"}`);
	const lines: string[] = [];
	if (status.phase === "indexing")
		lines.push(
			t("settings.index-status.indexing", { done: formatCount(status.done), total: formatCount(status.total) }),
		);
	lines.push(
		t("settings.index-status.ready", {
			count: stats.notes,
			chunks: t("settings.index-status.passages", { count: stats.chunks }),
		}),
	);
	const skipped = SKIP_REASONS.filter((reason) => stats.skippedBy[reason] > 0).map((reason) =>
		t(`settings.index-skip.${reason}`, { count: stats.skippedBy[reason] }),
	);
	if (skipped.length > 0) lines.push(t("settings.index-status.skipped", { reasons: formatList(skipped) }));
	const unreadable = service.unreadableProperties(UNREADABLE_LISTED);
	if (unreadable.length > 0)
		lines.push(t("settings.index-status.unreadable-properties", { notes: formatList(unreadable) }));
	const last = service.lastBuild();
	if (last !== null) {
		lines.push(
			t("settings.index-status.last-build", {
				time: formatTime(last.finishedAt),
				count: last.notesUpdated,
				seconds: formatSeconds(last.ms),
			}),
		);
	}
	return lines.join(" ");
}
