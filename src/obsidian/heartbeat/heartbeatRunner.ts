import type { TurnPorts } from "../../core/agent/session";
import { heartbeatDepsOf, runHeartbeat, type HeartbeatReport } from "../../core/heartbeat";
import type { Notifier } from "../../core/ports";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { serverInUse } from "../obsidianModel";
import { noticeProgress } from "../progress/progressNotice";
import { USUALLY_FAST_MS, withProgress } from "../progress/withProgress";
import type { SettingsStore } from "../settingsStore";
import type { HeartbeatChat } from "./heartbeatChat";
import { heartbeatNotices } from "./heartbeatNotices";

export interface HeartbeatRunnerDeps {
	readonly settingsStore: SettingsStore;
	/** The chat's own ports, built when the heartbeat runs: the same key, model, vault and index. */
	readonly ports: () => Promise<TurnPorts>;
	readonly chat: HeartbeatChat;
	readonly notifier: Notifier;
	/** Background upkeep after each trigger (the vault map, last week's summary); it reports its own failures. */
	readonly afterRun?: () => Promise<void>;
}

/**
 * Runs the heartbeat for every trigger, one run at a time: the decision and the model's turn are
 * the core's; here the state change is saved and what the user is to see is shown. A message
 * goes to the chat pane and a notice, never into a chat transcript.
 */
export class HeartbeatRunner {
	private running: AbortController | null = null;

	constructor(private readonly deps: HeartbeatRunnerDeps) {}

	/**
	 * One heartbeat; `requestedByUser` is "Run heartbeat now", which skips the once-a-day rule and
	 * tells every outcome. Returns what it told (for the command line's `heartbeat`).
	 */
	async run(requestedByUser: boolean): Promise<string[]> {
		const told: string[] = [];
		const notify = (message: string) => {
			told.push(message);
			this.deps.notifier.notify(message);
		};
		if (this.running !== null) {
			if (requestedByUser) notify(t("heartbeat.skipped.busy"));
			return told;
		}
		// Nothing of it may run while the privacy settings await the user: its upkeep asks a model too.
		if (this.deps.settingsStore.state.privacyReviewNeeded) {
			if (requestedByUser) notify(t("model-error.privacy-unconfirmed"));
			return told;
		}
		const stop = new AbortController();
		this.running = stop;
		try {
			const report = requestedByUser
				? await this.heartbeatWithProgress(stop)
				: await this.heartbeat(false, stop.signal);
			if ("change" in report) await this.deps.settingsStore.updateState(report.change);
			if (report.kind === "spoke") await this.deps.chat.show(report.text);
			const server = serverInUse(this.deps.settingsStore);
			for (const message of heartbeatNotices(report, requestedByUser, server)) notify(message);
			await this.deps.afterRun?.();
		} catch (error) {
			if (requestedByUser) notify(describeError(error));
			else console.error("Assistant Workspace: the heartbeat failed.", error);
		} finally {
			this.running = null;
		}
		return told;
	}

	/** Stops a run in progress (the plugin unloads); nothing is recorded for it. */
	stop(): void {
		this.running?.abort();
	}

	/**
	 * "Run heartbeat now": the user waits for it, so its progress shows, with Cancel, once the
	 * model is being asked (a run the rules skip answers at once, and shows none). A run cancelled
	 * before the model answered records nothing, and says so.
	 */
	private async heartbeatWithProgress(stop: AbortController): Promise<HeartbeatReport> {
		const outcome = await withProgress(
			noticeProgress(this.deps.notifier),
			{ what: t("progress.heartbeat"), showAfterMs: USUALLY_FAST_MS, cancellable: true },
			async (progress) => {
				progress.signal.addEventListener("abort", () => stop.abort(), { once: true });
				const report = await this.heartbeat(true, stop.signal);
				if (report.kind === "interrupted") progress.signal.throwIfAborted();
				return report;
			},
		);
		return outcome.kind === "done" ? outcome.value : { kind: "interrupted" };
	}

	private async heartbeat(force: boolean, signal: AbortSignal): Promise<HeartbeatReport> {
		const { settingsStore, chat } = this.deps;
		const ports = await this.deps.ports();
		return runHeartbeat(
			heartbeatDepsOf(ports),
			{ state: settingsStore.state, settings: settingsStore.settings, busy: chat.isStreaming(), force },
			signal,
		);
	}
}
