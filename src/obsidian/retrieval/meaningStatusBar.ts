import type { TaskScheduler } from "../../core/ports";
import type { MeaningService, MeaningState } from "../../core/retrieval/meaning/meaningService";
import { t } from "../../i18n";
import { Redraw } from "../progress/redraw";
import { meaningBarText, meaningStateText } from "./meaningStatusText";

/**
 * Search by meaning in the status bar while it has something to say: how far embedding is, that
 * the user paused it, or that the server did (and why, in the tooltip). A click pauses embedding,
 * lets it go on, or tries a failing server again now. Counts are drawn a few times a second (see
 * `Redraw`). Returns the function that stops it.
 */
export function showMeaningProgress(
	item: HTMLElement,
	meaning: Pick<MeaningService, "currentState" | "onState" | "hold" | "retryNow">,
	scheduler: Pick<TaskScheduler, "now" | "delay">,
): () => void {
	let latest = meaning.currentState();
	item.addClass("mod-clickable");
	const redraw = new Redraw(scheduler, () => {
		const text = meaningBarText(latest);
		item.toggle(text !== "");
		item.setText(text);
		item.setAttr("aria-label", `${meaningStateText(latest)} ${clickHint(latest)}`.trim());
	});
	redraw.now();
	const onClick = () => {
		if (latest.state === "embedding") meaning.hold(true);
		else if (latest.state === "held") meaning.hold(false);
		else if (latest.state === "paused") meaning.retryNow();
	};
	item.addEventListener("click", onClick);
	const stopListening = meaning.onState((state) => {
		const countsOn = state.state === "embedding" && latest.state === "embedding";
		latest = state;
		if (countsOn) redraw.soon();
		else redraw.now();
	});
	return () => {
		stopListening();
		redraw.cancel();
		item.removeEventListener("click", onClick);
	};
}

function clickHint(state: MeaningState): string {
	if (state.state === "embedding") return t("meaning.bar.click-hold");
	if (state.state === "held") return t("meaning.bar.click-resume");
	return state.state === "paused" ? t("meaning.bar.click-retry") : "";
}
