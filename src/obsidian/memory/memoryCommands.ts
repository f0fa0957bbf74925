import type { Command } from "obsidian";
import type { WeeklySummaryResult } from "../../core/memory/weeklySummary";
import { t } from "../../i18n";
import { openCommandContext, type CommandDeps } from "../commandContext";
import { noticeWithNote } from "../noteNotice";
import { notifyFailure } from "../notifyFailure";
import { noticeProgress } from "../progress/progressNotice";
import { askingProgress, whileSlow, withProgress } from "../progress/withProgress";
import { CheckpointModal } from "./checkpointModal";
import { ConsolidationModal } from "./consolidationModal";
import { DayPickerModal } from "./dayPickerModal";
import { applyApproved, overCap, propose } from "./hotMemory";
import { promotionMessage } from "./promotionMessage";
import { saveCheckpoint } from "./saveCheckpoint";
import { buildWeek, pickableWeeks } from "./weeklySummaryRun";
import { WeekPickerModal } from "./weekPickerModal";

/** How many weeks the week picker offers. */
const PICKER_WEEKS = 12;

/** The week picker, its weeks described from the vault as it is now. */
async function pickWeek(deps: CommandDeps): Promise<void> {
	await notifyFailure(deps.settingsStore.notifier, async () => {
		const context = await openCommandContext(deps, "user");
		new WeekPickerModal(
			deps.plugin.app,
			pickableWeeks(context, deps.settingsStore.clock, PICKER_WEEKS),
			(week) => void buildAndTell(deps, week),
		).open();
	});
}

/** The day picker of *Promote a day*, its days read from the vault as it is now; the chosen day is promoted with the settings of that moment. */
async function pickDayToPromote(deps: CommandDeps): Promise<void> {
	const { settingsStore } = deps;
	await notifyFailure(settingsStore.notifier, async () => {
		const days = await (await settingsStore.open()).promotableDays();
		const promote = async (date: string): Promise<void> => {
			const workspace = await settingsStore.open();
			const result = await whileSlow(noticeProgress(settingsStore.notifier), t("progress.promote"), () =>
				workspace.promote(date, "user"),
			);
			settingsStore.notifier.notify(promotionMessage(result));
		};
		new DayPickerModal(
			deps.plugin.app,
			days,
			(date) => void notifyFailure(settingsStore.notifier, () => promote(date)),
		).open();
	});
}

/** The upkeep of memory from the palette: promotion of any day, the history book, hot memory, checkpoints. */
export function memoryCommands(deps: CommandDeps): Command[] {
	const app = deps.plugin.app;
	return [
		{ id: "promote-day", name: t("command.promote-day"), callback: () => void pickDayToPromote(deps) },
		{
			id: "build-weekly-summary",
			name: t("command.build-weekly-summary"),
			callback: () => void pickWeek(deps),
		},
		{ id: "consolidate-memory", name: t("command.consolidate-memory"), callback: () => void consolidateMemory(deps) },
		{
			id: "save-checkpoint",
			name: t("command.save-checkpoint"),
			callback: () =>
				new CheckpointModal(app, async (input) => {
					await saveCheckpoint(
						app,
						deps.settingsStore,
						async () => (await openCommandContext(deps, "user")).tools,
						input,
					);
				}).open(),
		},
	];
}

async function buildAndTell(deps: CommandDeps, week: string): Promise<void> {
	await notifyFailure(deps.settingsStore.notifier, async () => {
		const context = await openCommandContext(deps, "user");
		const what = context.model !== null ? t("weekly.writing", { week }) : t("progress.weekly-offline", { week });
		const outcome = await withProgress(
			noticeProgress(deps.settingsStore.notifier),
			askingProgress(context.model !== null, what),
			(progress) => buildWeek(context, week, "user", progress.signal),
		);
		if (outcome.kind === "cancelled") return;
		const result = outcome.value;
		const message = weeklyMessage(result);
		if (result.path !== null && deps.plugin.app.vault.getFileByPath(result.path) !== null)
			noticeWithNote(deps.plugin.app, message, result.path);
		else deps.settingsStore.notifier.notify(message);
	});
}

function weeklyMessage(result: WeeklySummaryResult): string {
	const privateDays = result.skippedPrivate.length;
	const status = statusMessage(result);
	return privateDays === 0 ? status : `${status} ${t("weekly.private-days-left-out", { count: privateDays })}`;
}

function statusMessage(result: WeeklySummaryResult): string {
	const week = result.week;
	switch (result.status) {
		case "skipped-private":
			return t("weekly.skipped-private", { week });
		case "written":
		case "rewritten":
			return t(result.author === "model" ? "weekly.written-by-model" : "weekly.written-offline", { week });
		case "already-summarised":
			return t("weekly.already", { week });
		case "no-daily-memory":
			return t("weekly.no-daily-memory", { week });
		case "week-not-over":
			return t("weekly.not-over", { week });
		case "invalid-week":
			return t("weekly.invalid", { week });
	}
}

/** "Consolidate long-term memory": a proposal to review when `memory.md` is over its cap; the chat's over-cap line runs it too. */
export async function consolidateMemory(deps: CommandDeps): Promise<void> {
	const notifier = deps.settingsStore.notifier;
	await notifyFailure(notifier, async () => {
		const context = await openCommandContext(deps, "user");
		const size = await overCap(context);
		if (size === null) {
			notifier.notify(t("consolidation.within-cap", { cap: context.workspace.hotMemoryCapTokens }));
			return;
		}
		const what = context.model !== null ? t("consolidation.proposing") : t("progress.consolidation-offline");
		const outcome = await withProgress(
			noticeProgress(notifier),
			askingProgress(context.model !== null, what),
			(progress) => propose(context, progress.signal),
		);
		if (outcome.kind === "cancelled" || outcome.value === null) return;
		const proposal = outcome.value;
		new ConsolidationModal(deps.plugin.app, proposal, (approved) =>
			notifyFailure(notifier, async () => {
				const outcome = await applyApproved(context, proposal, approved);
				if (outcome.kind === "applied") noticeWithNote(deps.plugin.app, t("consolidation.applied"), outcome.keptAt);
				else notifier.notify(t(`consolidation.${outcome.kind}`));
			}),
		).open();
	});
}
