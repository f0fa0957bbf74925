import type { ArchiveCounts } from "../../core/heartbeat/archivePolicy";
import { t } from "../../i18n";

/** What an archive run did, one sentence a fact, in the same words for the command's notices and the heartbeat's log. */
export function archiveMessages(counts: ArchiveCounts): string[] {
	const days = t("notice.archive-age", { count: counts.retentionDays });
	return [
		counts.archived === 0
			? t("notice.archived-nothing", { days })
			: t("notice.archived", { count: counts.archived, days }),
		...(counts.promotedFirst === 0 ? [] : [t("notice.archive-promoted-first", { count: counts.promotedFirst })]),
		...(counts.keptUnpromoted === 0 ? [] : [t("notice.archive-not-promoted", { count: counts.keptUnpromoted })]),
		...(counts.private === 0 ? [] : [t("notice.archive-skipped-private", { count: counts.private })]),
	];
}
