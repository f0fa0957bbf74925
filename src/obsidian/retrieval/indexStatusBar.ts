import type { IndexService, IndexStatus } from "../../core/retrieval/service/indexService";
import { t } from "../../i18n";
import { formatCount } from "../localeFormat";

/**
 * Shows the progress of a build in the status bar item ("Indexing 3,204 / 10,000"), and nothing
 * otherwise: a restart that reads nothing shows nothing. Returns the function that stops it.
 */
export function showIndexProgress(item: HTMLElement, service: IndexService): () => void {
	const show = (status: IndexStatus) => {
		const indexing = status.phase === "indexing" && status.total > 0;
		item.toggle(indexing);
		if (!indexing) item.setText("");
		else if (status.finishing) item.setText(t("index.finishing"));
		else item.setText(t("index.progress", { done: formatCount(status.done), total: formatCount(status.total) }));
	};
	show(service.currentStatus());
	return service.onStatus(show);
}
