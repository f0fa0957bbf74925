import type { TaskScheduler } from "../../core/ports";
import type { IndexService, IndexStatus } from "../../core/retrieval/service/indexService";
import { t } from "../../i18n";
import { formatCount } from "../localeFormat";
import { Redraw } from "../progress/redraw";

/**
 * Shows the progress of a build in the status bar item ("Indexing 3,204 / 10,000"), and nothing
 * otherwise: a restart that reads nothing shows nothing. A new count is drawn a few times a
 * second (see `Redraw`); a build that starts, finishes its notes or ends is drawn at once, and a
 * status that would show the same text is not drawn again. Returns the function that stops it.
 */
export function showIndexProgress(
	item: HTMLElement,
	service: Pick<IndexService, "currentStatus" | "onStatus">,
	scheduler: Pick<TaskScheduler, "now" | "delay">,
): () => void {
	let latest = service.currentStatus();
	let drawn: IndexStatus | null = null;
	const redraw = new Redraw(scheduler, () => {
		drawn = latest;
		const text = textOf(latest);
		if (text === item.getText() && item.isShown() === (text !== "")) return;
		item.toggle(text !== "");
		item.setText(text);
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

function textOf(status: IndexStatus): string {
	if (status.phase !== "indexing" || status.total === 0) return "";
	if (status.finishing) return t("index.finishing");
	return t("index.progress", { done: formatCount(status.done), total: formatCount(status.total) });
}

/**
 * Whether `next` only counts on from `drawn`, as far as statuses tell: still reading notes, the
 * same total, a count no lower (a build that starts over begins at 0 again).
 */
function sameBuildStep(drawn: IndexStatus | null, next: IndexStatus): boolean {
	return (
		drawn?.phase === "indexing" &&
		next.phase === "indexing" &&
		!drawn.finishing &&
		!next.finishing &&
		drawn.total === next.total &&
		next.done >= drawn.done
	);
}
