import { confirmingAll, NOTHING_CONFIRMED, type VerifiedConfirmation } from "../../core/organize/organizeMove";
import type { Command } from "obsidian";
import type { MovePlan } from "../../core/organize/organizeMove";
import { inboxNotes, suggestOrganize } from "../../core/organize/organizeNote";
import { inferTaxonomy } from "../../core/organize/taxonomy";
import { taxonomyReportPath, taxonomyReportText, taxonomySuggestions } from "../../core/organize/taxonomyReport";
import { freeNotePath } from "../../core/memory/captureName";
import { t } from "../../i18n";
import { openCommandContext, type CommandDeps, type CommandContext } from "../commandContext";
import { noticeWithNote } from "../noteNotice";
import { notifyFailure } from "../notifyFailure";
import { serverInUse } from "../obsidianModel";
import { noticeProgress } from "../progress/progressNotice";
import { askingProgress, whileComputing, withProgress, type Progress } from "../progress/withProgress";
import { reviewOf } from "./noteReview";
import { OrganizeInboxModal } from "./organizeInboxModal";
import { moveAccepted } from "./organizeMoves";
import { OrganizePreviewModal } from "./organizePreviewModal";
import { VerifiedMoveModal } from "./verifiedMoveModal";
import { refreshVaultMap } from "./vaultMapRefresh";

/** Organizing the vault: one note or the inbox (reviewed before anything moves), the taxonomy report, the vault map. */
export function organizeCommands(deps: CommandDeps): Command[] {
	const app = deps.plugin.app;
	return [
		{
			id: "organize-current-note",
			name: t("command.organize-current-note"),
			checkCallback: (checking) => {
				const file = app.workspace.getActiveFile();
				if (file === null || file.extension !== "md") return false;
				if (!checking) void organizeNote(deps, file.path);
				return true;
			},
		},
		{ id: "organize-inbox", name: t("command.organize-inbox"), callback: () => void organizeInbox(deps) },
		{
			id: "suggest-taxonomy-changes",
			name: t("command.suggest-taxonomy-changes"),
			callback: () => void reportTaxonomy(deps),
		},
		{ id: "refresh-vault-map", name: t("command.refresh-vault-map"), callback: () => void refreshAndTell(deps) },
	];
}

async function organizeNote(deps: CommandDeps, path: string): Promise<void> {
	await guarded(deps, async () => {
		const context = await openCommandContext(deps, "user");
		const outcome = await suggestWithProgress(deps, context, [path]);
		if (outcome.kind === "cancelled") return;
		const [suggestion] = outcome.value;
		if (suggestion === undefined) {
			deps.settingsStore.notifier.notify(t("organize.private"));
			return;
		}
		new OrganizePreviewModal(deps.plugin.app, context, reviewOf(suggestion, serverInUse(deps.settingsStore)), (plan) =>
			moveAndTell(deps, context, [plan]),
		).open();
	});
}

async function organizeInbox(deps: CommandDeps): Promise<void> {
	await guarded(deps, async () => {
		const context = await openCommandContext(deps, "user");
		const paths = inboxNotes(context.organize, context.workspace.layout.inboxFolder);
		if (paths.length === 0) {
			deps.settingsStore.notifier.notify(t("organize.inbox-empty", { folder: context.workspace.layout.inboxFolder }));
			return;
		}
		const outcome = await suggestWithProgress(deps, context, paths);
		if (outcome.kind === "done")
			new OrganizeInboxModal(
				deps.plugin.app,
				context,
				outcome.value.map((suggestion) => reviewOf(suggestion, serverInUse(deps.settingsStore))),
				(plans) => moveAndTell(deps, context, plans),
			).open();
	});
}

/**
 * Where each note belongs, with progress: at once and with Cancel while the model is asked
 * (nothing is written before the user reviews), after a moment when the rules alone decide.
 */
function suggestWithProgress(deps: CommandDeps, context: CommandContext, paths: readonly string[]) {
	const count = paths.length;
	const asking = context.model !== null;
	const what = asking ? t("organize.asking-model", { count }) : t("progress.organize-offline", { count });
	return withProgress(
		noticeProgress(deps.settingsStore.notifier),
		askingProgress(asking, what),
		async (progress: Progress) => {
			const suggestions = await suggestOrganize(context.organize, context.memory.writer, paths, context.model, {
				signal: progress.signal,
				onNoteDone: (done) => {
					if (count > 1) progress.steps(done, count);
				},
			});
			// Cancelled after the last answer: the review it would open is not wanted either.
			progress.signal.throwIfAborted();
			return suggestions;
		},
	);
}

/** Moves what the user accepted, after asking once when any move would change verified notes. */
async function moveAndTell(deps: CommandDeps, context: CommandContext, plans: readonly MovePlan[]): Promise<void> {
	const confirmation = confirmingAll(plans);
	if (confirmation.notes.length === 0 && confirmation.privateNotes === 0)
		return moveAll(deps, context, plans, NOTHING_CONFIRMED);
	new VerifiedMoveModal(deps.plugin.app, confirmation, () => moveAll(deps, context, plans, confirmation)).open();
}

/** Moves the plans one after the other; a refused move is told and the rest still go. */
async function moveAll(
	deps: CommandDeps,
	context: CommandContext,
	plans: readonly MovePlan[],
	confirmed: VerifiedConfirmation,
): Promise<void> {
	const moved: { path: string; links: number }[] = [];
	for (const plan of plans) {
		await guarded(deps, async () => {
			const outcome = await moveAccepted(context, plan, confirmed);
			if (outcome !== null) moved.push({ path: outcome.path, links: plan.linkingNotes.length });
		});
	}
	if (plans.length === 1 && moved.length === 1)
		noticeWithNote(deps.plugin.app, t("organize.moved", { count: moved[0].links }), moved[0].path);
	else if (plans.length > 1)
		deps.settingsStore.notifier.notify(t("organize.moved-many", { count: moved.length, total: plans.length }));
}

async function reportTaxonomy(deps: CommandDeps): Promise<void> {
	await guarded(deps, async () => {
		const context = await openCommandContext(deps, "user");
		const date = context.workspace.today();
		const written = await whileComputing(noticeProgress(deps.settingsStore.notifier), t("progress.taxonomy"), () => {
			const text = taxonomyReportText(taxonomySuggestions(context.organize, inferTaxonomy(context.organize)), date, t);
			const { folder, name } = taxonomyReportPath(context.workspace.layout, date, t);
			return context.memory.writer.createNote(freeNotePath(context.memory.writer, folder, name), text, {
				actor: "user",
				reason: "Suggest taxonomy changes",
			});
		});
		noticeWithNote(deps.plugin.app, t("taxonomy-report.done"), written.path);
	});
}

async function refreshAndTell(deps: CommandDeps): Promise<void> {
	await guarded(deps, async () => {
		const context = await openCommandContext(deps, "user");
		const outcome = await whileComputing(noticeProgress(deps.settingsStore.notifier), t("progress.vault-map"), () =>
			refreshVaultMap(context, "user"),
		);
		noticeWithNote(deps.plugin.app, t(outcome.changed ? "vault-map.refreshed" : "vault-map.unchanged"), outcome.path);
	});
}

function guarded(deps: CommandDeps, task: () => Promise<void>): Promise<void> {
	return notifyFailure(deps.settingsStore.notifier, task);
}
