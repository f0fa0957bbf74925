import { estimateTokens } from "./text/tokenEstimate";
import { AuditLog } from "./audit/auditLog";
import type { AuditActor } from "./audit/record";
import type { Language } from "../i18n";
import { archiveOldDailyNotes } from "./memory/archive";
import { exceedsHotMemoryCap } from "./memory/hotMemoryConsolidation";
import { appendDailyEntry, assistantFolderTarget, readRecentDays, type DailyTarget } from "./memory/daily";
import { localToday } from "./memory/dailyDates";
import { targetHolding } from "./memory/dayNotes";
import { promoteDay } from "./memory/longTerm";
import { promotableDays } from "./memory/promotableDays";
import type { MemoryDeps } from "./memory/memoryDeps";
import type { Clock, LogFile, MetadataSource, NoteStore } from "./ports";
import { indexPolicyFor, type IndexPolicy } from "./retrieval";
import { AuditedWriter } from "./vault/auditedWriter";
import { assertContained } from "./vault/containment";
import { normalizeVaultPath } from "./vault/paths";
import { privacyView, type VaultView } from "./vault/vaultView";
import { findIdentityFiles, type VaultListing } from "./workspace/identity";
import { verifiedNotesChangedByMove, type VerifiedChange } from "./organize/verifiedNotes";
import { initializeWorkspace } from "./workspace/initialize";
import { inspectWorkspace } from "./workspace/inspect";
import { layoutOf, type WorkspaceLayout } from "./workspace/layout";
import type { Settings } from "./workspace/data/settings";

export interface AssistantWorkspaceDeps {
	/** The vault's files: only the audited writer made here touches them; everything else reads the view. */
	readonly store: NoteStore;
	readonly metadata: MetadataSource;
	readonly auditFile: LogFile;
	readonly clock: Clock;
	readonly settings: Settings;
	/**
	 * Where daily memory goes when the settings choose the user's own daily notes: the adapter
	 * knows the Daily notes plugin's folder, date format and template. Without it, daily memory
	 * stays in the assistant folder.
	 */
	readonly userDailyNotes?: DailyTarget;
	/** The Daily notes plugin's folder, when daily memory lives in the user's daily notes (those notes count as daily memory). */
	readonly dailyNotesFolder?: string;
	/**
	 * The private folders and tags as they are at each moment, when the host can change them while
	 * the workspace lives (the plugin's settings tab during a chat turn): a folder made private
	 * mid-turn is hidden at once. Without it, `settings`' are used.
	 */
	readonly privacyNow?: () => Pick<Settings, "excludedFolders" | "excludedTags">;
}

/**
 * The memory workspace as the user's commands see it: one object that the plugin, the command
 * line and `npm start` share, so that each of them only wires ports and prints results. It is
 * also the one place that builds what every host needs over the vault: the privacy view that all
 * reading goes through, and the one audited writer.
 */
export class AssistantWorkspace {
	readonly layout: WorkspaceLayout;
	readonly audit: AuditLog;
	/** The vault as the assistant may see it. */
	readonly vault: VaultView;
	/** Every write the assistant makes: contained, atomic, audited. */
	readonly writer: AuditedWriter;
	private readonly memory: MemoryDeps;
	private readonly daily: DailyTarget;

	/** Throws `ContainmentError` when the assistant folder itself lies outside what may be written. */
	constructor(private readonly deps: AssistantWorkspaceDeps) {
		const folder = deps.settings.assistantFolder;
		if (normalizeVaultPath(folder) !== "/") {
			assertContained(folder, { configDir: deps.store.configDir, excludedFolders: deps.settings.excludedFolders });
		}
		this.layout = layoutOf(deps.settings);
		this.audit = new AuditLog(deps.auditFile);
		const privacyNow = deps.privacyNow ?? (() => deps.settings);
		const policyNow = (): IndexPolicy => {
			const { excludedFolders, excludedTags } = privacyNow();
			return indexPolicyFor(this.layout, {
				configDir: deps.store.configDir,
				excludedFolders,
				excludedTags,
				dailyNotesFolder: deps.dailyNotesFolder,
			});
		};
		this.vault = privacyView(
			{ store: deps.store, metadata: deps.metadata },
			deps.privacyNow === undefined ? policyNow() : policyNow,
		);
		this.writer = new AuditedWriter({
			store: deps.store,
			audit: this.audit,
			clock: deps.clock,
			excludedFolders: deps.settings.excludedFolders,
		});
		this.memory = { vault: this.vault, writer: this.writer, clock: deps.clock };
		this.daily =
			deps.settings.dailyMemoryLocation === "daily-notes" && deps.userDailyNotes
				? deps.userDailyNotes
				: assistantFolderTarget(this.layout);
	}

	/** Today in the user's local time. */
	today(): string {
		return localToday(this.deps.clock);
	}

	inspect() {
		return inspectWorkspace(this.structure(), this.layout);
	}

	identityFiles() {
		return findIdentityFiles(this.vault, this.layout);
	}

	initialize(language: Language) {
		return initializeWorkspace(this.structure(), this.layout, this.writer, language);
	}

	appendDailyMemory(entry: string, actor: AuditActor, section?: string) {
		return appendDailyEntry(this.memory, this.daily, entry, { actor, section });
	}

	recentDailyMemory(days: number) {
		return readRecentDays(this.memory, this.daily, days);
	}

	/** Promotes `date`'s candidates, from where daily memory is kept or, once the day was archived, from the archive. */
	promote(date: string, actor: AuditActor) {
		return promoteDay(this.memory, {
			date,
			target: targetHolding(this.vault, this.daily, this.layout, date),
			memoryPath: this.memoryPath(),
			actor,
		});
	}

	/** The days `promote` can take, today first, each marked with whether its candidates are still to promote. */
	promotableDays() {
		return promotableDays(this.vault, this.daily, this.layout, this.deps.clock);
	}

	archive(actor: AuditActor) {
		// Only the assistant's own daily folder is archived, so its days are promoted from there.
		const target = assistantFolderTarget(this.layout);
		return archiveOldDailyNotes(this.memory, this.layout, {
			retentionDays: this.deps.settings.archiveRetentionDays,
			actor,
			promote: (date) => promoteDay(this.memory, { date, target, memoryPath: this.memoryPath(), actor }),
		});
	}

	/** Hot memory's cap, in estimated tokens, as the settings say. */
	get hotMemoryCapTokens(): number {
		return this.deps.settings.hotMemoryCapTokens;
	}

	/** Long-term memory's text and size when it has outgrown hot memory's cap; `null` when it fits (or there is none). */
	async hotMemoryOverCap(): Promise<{ readonly tokens: number; readonly text: string } | null> {
		const path = this.memoryPath();
		if (this.vault.stat(path) === null) return null;
		const text = await this.vault.read(path);
		return exceedsHotMemoryCap(text, this.hotMemoryCapTokens) ? { tokens: estimateTokens(text), text } : null;
	}

	/**
	 * The workspace's shape for inspecting and initializing it: the notes the view shows, and every
	 * folder, hidden ones included (the chats folder is hidden from the view, yet it exists and
	 * must not be made again). Folder names only: nothing here is read or sent.
	 */
	private structure(): VaultListing {
		return {
			configDir: this.vault.configDir,
			listFiles: () => this.vault.listFiles(),
			filesIn: (folder) => this.vault.filesIn(folder),
			listFolders: () => this.deps.store.listFolders(),
		};
	}

	/** What a move of `path` would change among notes marked verified, private ones counted only (see `OrganizeVault`). */
	verifiedChangedByMove(path: string): VerifiedChange {
		return verifiedNotesChangedByMove(this.deps, (note) => this.vault.hiddenReason(note) !== null, path);
	}

	/** The long-term memory file in use (`MEMORY.md` adopted as it is), or the layout's name. */
	memoryPath(): string {
		return this.identityFiles().memory ?? this.layout.memory;
	}
}
