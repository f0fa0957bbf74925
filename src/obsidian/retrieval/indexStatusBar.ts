import type { TaskScheduler } from "../../core/ports";
import type { IndexService, IndexStatus } from "../../core/retrieval/service/indexService";
import { t } from "../../i18n";
import { formatCount } from "../localeFormat";
import { windowScheduler } from "./windowScheduler";

/**
 * The least time between two counts drawn while a build runs. A build reports after every slice
 * of work, and each new count costs the window a frame of style, layout and paint: drawn every
 * time, on a slow phone in a large workspace, those frames took as much of the main thread as
 * the indexing did.
 */
export const PROGRESS_REDRAW_MS = 200;

/**
 * Shows the progress of a build in the status bar item ("Indexing 3,204 / 10,000"), and nothing
 * otherwise: a restart that reads nothing shows nothing. A new count is drawn at most every
 * `PROGRESS_REDRAW_MS` (the latest one, at the end of the wait); a build that starts, finishes
 * its notes or ends is drawn at once. Returns the function that stops it.
 */
export function showIndexProgress(
	item: HTMLElement,
	service: Pick<IndexService, "currentStatus" | "onStatus">,
	scheduler: Pick<TaskScheduler, "now" | "delay"> = windowScheduler,
): () => void {
	let drawn: IndexStatus | null = null;
	let drawnAt = Number.NEGATIVE_INFINITY;
	let latest: IndexStatus = service.currentStatus();
	let cancelRedraw: (() => void) | null = null;
	const draw = (status: IndexStatus) => {
		cancelRedraw?.();
		cancelRedraw = null;
		drawn = status;
		drawnAt = scheduler.now();
		const indexing = status.phase === "indexing" && status.total > 0;
		item.toggle(indexing);
		if (!indexing) item.setText("");
		else if (status.finishing) item.setText(t("index.finishing"));
		else item.setText(t("index.progress", { done: formatCount(status.done), total: formatCount(status.total) }));
	};
	const show = (status: IndexStatus) => {
		latest = status;
		const wait = drawnAt + PROGRESS_REDRAW_MS - scheduler.now();
		if (wait <= 0 || !sameBuildStep(drawn, status)) draw(status);
		else cancelRedraw ??= scheduler.delay(() => draw(latest), wait);
	};
	draw(latest);
	const stopListening = service.onStatus(show);
	return () => {
		stopListening();
		cancelRedraw?.();
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
