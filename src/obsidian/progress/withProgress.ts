import type { Notifier, TaskScheduler } from "../../core/ports";
import { t } from "../../i18n";
import { formatCount } from "../localeFormat";
import { Redraw } from "./redraw";

/** What a command's work tells of itself while it runs, and how it learns that the user cancelled. */
export interface Progress {
	/** Aborts when the user presses Cancel: every model call of the work takes it. */
	readonly signal: AbortSignal;
	/** Says what is happening now, in place of what was said before. */
	say(what: string): void;
	/** How much of the work is done, shown in place of the seconds. */
	steps(done: number, total: number): void;
}

/** Where the progress is drawn: an Obsidian notice in the plugin (`ProgressNotice`). */
export interface ProgressDisplay {
	/** Shows `text`, with a Cancel button that calls `cancel` when there is one. */
	show(text: string, cancel: (() => void) | null): void;
	update(text: string): void;
	close(): void;
}

/** The host's timers, its drawing of the progress, and its notices. */
export interface ProgressHost {
	readonly scheduler: Pick<TaskScheduler, "now" | "delay">;
	readonly display: () => ProgressDisplay;
	readonly notifier: Notifier;
}

export interface ProgressOptions {
	/** What the work is doing, as the user reads it ("The model is writing the summary of 2026-W11…"). */
	readonly what: string;
	/** Work that is usually fast waits this long before it shows anything; by default it shows at once. */
	readonly showAfterMs?: number;
	/**
	 * Offers Cancel. Only for work that writes nothing before its model has answered: cancelling
	 * it then leaves the vault as it was. Work that writes as it goes runs to its end.
	 */
	readonly cancellable?: boolean;
}

/** `cancelled`: the user pressed Cancel and the work stopped short, having written nothing. */
export type ProgressOutcome<T> = { readonly kind: "done"; readonly value: T } | { readonly kind: "cancelled" };

/** For work that is usually over before a person would wonder whether anything is happening. */
export const USUALLY_FAST_MS = 500;

const SECOND_MS = 1000;

/**
 * Runs `task` with a progress display that says what is happening and, once a second has
 * passed, for how long (or how many steps of how many are done), with a Cancel button that
 * aborts `progress.signal`. The display closes when the work ends, whichever way. Work stopped by
 * Cancel ends with a notice that nothing was written; work that ends on its own after Cancel
 * (it had written already) counts as done and tells what it did; any other failure is thrown.
 */
export async function withProgress<T>(
	host: ProgressHost,
	options: ProgressOptions,
	task: (progress: Progress) => Promise<T>,
): Promise<ProgressOutcome<T>> {
	const stop = new AbortController();
	const started = host.scheduler.now();
	let what = options.what;
	let steps: { readonly done: number; readonly total: number } | null = null;
	const shown: { display: ProgressDisplay | null } = { display: null };
	let cancelTimer = (): void => undefined;

	const text = (): string => {
		if (stop.signal.aborted) return t("progress.cancelling", { what });
		if (steps !== null) return t("progress.steps", { what, done: formatCount(steps.done), count: steps.total });
		const seconds = Math.floor((host.scheduler.now() - started) / SECOND_MS);
		return seconds === 0 ? what : t("progress.elapsed", { what, count: seconds });
	};
	const redraw = new Redraw(host.scheduler, () => shown.display?.update(text()));
	const refresh = (): void => redraw.now();
	const cancel = (): void => {
		stop.abort();
		refresh();
	};
	// Each tick lands on a whole second since the start, however late the timer fires.
	const tick = (): void => {
		refresh();
		cancelTimer = host.scheduler.delay(tick, SECOND_MS - ((host.scheduler.now() - started) % SECOND_MS));
	};
	const show = (): void => {
		shown.display = host.display();
		shown.display.show(text(), options.cancellable === true ? cancel : null);
		cancelTimer = host.scheduler.delay(tick, SECOND_MS - ((host.scheduler.now() - started) % SECOND_MS));
	};

	if ((options.showAfterMs ?? 0) <= 0) show();
	else cancelTimer = host.scheduler.delay(show, options.showAfterMs ?? 0);
	const progress: Progress = {
		signal: stop.signal,
		say: (next) => {
			what = next;
			refresh();
		},
		steps: (done, total) => {
			// Work may count every slice of itself: a new count is drawn a few times a second.
			steps = { done, total };
			redraw.soon();
		},
	};
	let outcome: ProgressOutcome<T>;
	try {
		outcome = { kind: "done", value: await task(progress) };
	} catch (error) {
		if (!stop.signal.aborted) throw error;
		outcome = { kind: "cancelled" };
	} finally {
		cancelTimer();
		redraw.cancel();
		shown.display?.close();
	}
	if (outcome.kind === "cancelled") host.notifier.notify(t("progress.cancelled"));
	return outcome;
}

/**
 * For work that asks a model before it writes anything: waiting for the answer shows at once
 * and offers Cancel; the same work without a model is local and usually fast.
 */
export function askingProgress(asksModel: boolean, what: string): ProgressOptions {
	return asksModel ? { what, cancellable: true } : { what, showAfterMs: USUALLY_FAST_MS };
}

/**
 * Work that offers no Cancel and is usually fast (it writes as it goes, or reads the vault
 * only): its progress shows only once it has taken longer than `USUALLY_FAST_MS`.
 */
export async function whileSlow<T>(
	host: ProgressHost,
	what: string,
	task: (progress: Progress) => Promise<T>,
): Promise<T> {
	return valueOf(await withProgress(host, { what, showAfterMs: USUALLY_FAST_MS }, task));
}

/** A frame at 60 Hz, and a little more: long enough for the page to draw a notice just shown. */
const FRAME_MS = 20;

/**
 * Work that computes over the whole vault in one go (the taxonomy, the vault map), with no Cancel:
 * no timer fires while it runs, so a progress waiting for half a second would never be seen.
 * Its progress shows at once, and the work starts once the page has drawn it.
 */
export async function whileComputing<T>(
	host: ProgressHost,
	what: string,
	task: (progress: Progress) => Promise<T>,
): Promise<T> {
	const drawnFirst = async (progress: Progress): Promise<T> => {
		await new Promise<void>((resolve) => host.scheduler.delay(resolve, FRAME_MS));
		return task(progress);
	};
	return valueOf(await withProgress(host, { what }, drawnFirst));
}

function valueOf<T>(outcome: ProgressOutcome<T>): T {
	if (outcome.kind === "done") return outcome.value;
	throw new Error("Work that offered no Cancel was cancelled.");
}
