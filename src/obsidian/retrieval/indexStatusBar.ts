import type { TaskScheduler } from "../../core/ports";
import type { IndexService, IndexStatus } from "../../core/retrieval/service/indexService";
import { t } from "../../i18n";
import { formatCount } from "../localeFormat";
import { Redraw } from "../progress/redraw";
import { windowScheduler } from "./windowScheduler";

/**
 * Shows the progress of a build in the status bar item ("Indexing 3,204 / 10,000"), and nothing
 * otherwise: a restart that reads nothing shows nothing. A new count is drawn a few times a
 * second (see `Redraw`); a build that starts, finishes its notes or ends is drawn at once.
 * Returns the function that stops it.
 */
export function showIndexProgress(
	item: HTMLElement,
	service: Pick<IndexService, "currentStatus" | "onStatus">,
	scheduler: Pick<TaskScheduler, "now" | "delay"> = windowScheduler,
): () => void {
	let latest = service.currentStatus();
	let drawn: IndexStatus | null = null;
	const redraw = new Redraw(scheduler, () => {
		const status = (drawn = latest);
		const indexing = status.phase === "indexing" && status.total > 0;
		item.toggle(indexing);
		if (!indexing) item.setText("");
		else if (status.finishing) item.setText(t("index.finishing"));
		else item.setText(t("index.progress", { done: formatCount(status.done), total: formatCount(status.total) }));
	});
	redraw.now();
	const stopListening = service.onStatus((status) => {
		const countsOn = sameBuildStep(drawn, status);
		latest = status;
		if (countsOn) redraw.soon();
		else redraw.now();
	});
	return () => {
		stopListening();
		redraw.cancel();
	};
}

/** Whether `next` only counts on from `drawn`: the same build, still reading its notes. */
function sameBuildStep(drawn: IndexStatus | null, next: IndexStatus): boolean {
	return (
		drawn?.phase === "indexing" &&
		next.phase === "indexing" &&
		!drawn.finishing &&
		!next.finishing &&
		drawn.total === next.total
	);
}
