import { sha256Hex } from "../../core/audit/hash";
import { archiveByPolicy, type ArchiveCounts } from "../../core/heartbeat/archivePolicy";
import { t } from "../../i18n";
import { openCommandContext, type CommandDeps, type CommandContext } from "../commandContext";
import { archiveMessages } from "../memory/archiveMessages";
import { overCap } from "../memory/hotMemory";
import { buildWeek, lastWeek } from "../memory/weeklySummaryRun";
import { folderSignature, refreshVaultMap } from "../organize/vaultMapRefresh";

/**
 * What the heartbeat keeps up besides its checklist, after each of its triggers: the vault map
 * when the folders changed, last week's page of the history book on the first run of a new
 * week (the core leaves a week already summarised alone), once a day the archive policy when the
 * user turned it on (what it did is logged in today's daily memory), and a gentle notice when
 * long-term memory has outgrown its cap. Only once onboarding is complete and while the
 * heartbeat is on: the user has let the assistant work in the background. What each step last did is remembered
 * for the session, so a look every few minutes costs a folder listing and a read of `memory.md`.
 * A failure is logged, never shown: the user asked for none of this.
 */
export class HeartbeatUpkeep {
	private mappedFolders: string | null = null;
	private summarisedWeek: string | null = null;
	private archivedOn: string | null = null;
	private toldMemory: string | null = null;

	constructor(private readonly deps: CommandDeps) {}

	async afterHeartbeat(): Promise<void> {
		const { settingsStore } = this.deps;
		if (!settingsStore.state.onboardingComplete || !settingsStore.settings.heartbeatEnabled) return;
		const failed = (error: unknown) => console.error("Assistant Workspace: the heartbeat's upkeep failed.", error);
		const vault = await openCommandContext(this.deps, "heartbeat").catch(failed);
		if (vault === undefined) return;
		// The summary first: it may make the weekly folder, and the archive a year's folder, which the map then lists.
		const steps = [
			() => this.summariseLastWeek(vault),
			() => this.archiveByPolicy(vault),
			() => this.refreshMap(vault),
			() => this.tellOverCap(vault),
		];
		for (const step of steps) await step().catch(failed);
	}

	private async refreshMap(context: CommandContext): Promise<void> {
		const folders = folderSignature(context);
		if (folders === this.mappedFolders) return;
		this.mappedFolders = folders;
		await refreshVaultMap(context, "heartbeat");
	}

	private async summariseLastWeek(context: CommandContext): Promise<void> {
		const week = lastWeek(this.deps.settingsStore.clock);
		if (week === this.summarisedWeek) return;
		this.summarisedWeek = week;
		await buildWeek(context, week, "heartbeat");
	}

	private async archiveByPolicy(context: CommandContext): Promise<void> {
		const { settingsStore } = this.deps;
		const today = context.workspace.today();
		if (today === this.archivedOn) return;
		const describe = (counts: ArchiveCounts) =>
			t("heartbeat.archive-log", { report: archiveMessages(counts).join(" ") });
		const outcome = await archiveByPolicy(
			context.workspace,
			settingsStore.clock,
			settingsStore.settings.archiveAutomatically,
			describe,
		);
		if (outcome.kind === "ran") this.archivedOn = today;
	}

	private async tellOverCap(context: CommandContext): Promise<void> {
		const size = await overCap(context);
		const hash = size === null ? null : sha256Hex(size.text);
		if (size === null || hash === this.toldMemory) return;
		this.toldMemory = hash;
		this.deps.settingsStore.notifier.notify(
			t("consolidation.over-cap", { tokens: size.tokens, cap: context.workspace.hotMemoryCapTokens }),
		);
	}
}
