import type { Plugin } from "obsidian";
import type { Notifier } from "../../core/ports";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { formatSeconds } from "../localeFormat";
import { noticeProgress } from "../progress/progressNotice";
import { whileSlow } from "../progress/withProgress";
import { SearchMemoryModal } from "./searchMemoryModal";
import type { VaultIndexer } from "./vaultIndexer";

export function registerIndexCommands(plugin: Plugin, indexer: VaultIndexer, notifier: Notifier): void {
	plugin.addCommand({
		id: "search-memory",
		name: t("command.search-memory"),
		callback: () => new SearchMemoryModal(plugin.app, indexer).open(),
	});
	plugin.addCommand({
		id: "rebuild-index",
		name: t("command.rebuild-index"),
		callback: () => void rebuildAndNotify(indexer, notifier),
	});
}

/** Rebuilds the index from scratch and says how long it took; shared by the command and the settings tab. */
export async function rebuildAndNotify(indexer: VaultIndexer, notifier: Notifier): Promise<void> {
	try {
		const report = await whileSlow(noticeProgress(notifier), t("progress.index"), async (progress) => {
			const stopFollowing = indexer.service.onStatus((status) => {
				if (status.phase === "indexing" && status.total > 0) progress.steps(status.done, status.total);
			});
			try {
				return await indexer.service.rebuild();
			} finally {
				stopFollowing();
			}
		});
		// No report: a newer build (another rebuild, new settings) took over and will finish the job.
		if (report === null) return;
		notifier.notify(t("notice.index-rebuilt", { count: report.stats.notes, seconds: formatSeconds(report.ms) }));
	} catch (error) {
		notifier.notify(describeError(error));
	}
}
