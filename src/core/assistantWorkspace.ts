import { estimateTokens } from "./agent/context/tokenEstimate";
import { AuditLog } from "./audit/auditLog";
import type { AuditActor } from "./audit/record";
import type { Language } from "../i18n";
import { archiveOldDailyNotes } from "./memory/archive";
import { exceedsHotMemoryCap } from "./memory/hotMemoryConsolidation";
import { appendDailyEntry, assistantFolderTarget, readRecentDays, type DailyTarget } from "./memory/daily";
import { localToday } from "./memory/dailyDates";
import { promoteDay } from "./memory/longTerm";
import type { MemoryDeps } from "./memory/memoryDeps";
import type { Clock, LogFile, NoteStore } from "./ports";
import { AuditedWriter } from "./vault/auditedWriter";
import { assertContained } from "./vault/containment";
import { normalizeVaultPath } from "./vault/paths";
import { findIdentityFiles } from "./workspace/identity";
import { initializeWorkspace } from "./workspace/initialize";
import { inspectWorkspace } from "./workspace/inspect";
import { layoutFor, type WorkspaceLayout } from "./workspace/layout";
import type { Settings } from "./workspace/data/settings";

export interface AssistantWorkspaceDeps {
	readonly store: NoteStore;
	readonly auditFile: LogFile;
	readonly clock: Clock;
	readonly settings: Settings;
	/**
	 * Where daily memory goes when the settings choose the user's own daily notes: the adapter
	 * knows the Daily notes plugin's folder, date format and template. Without it, daily memory
	 * stays in the assistant folder.
	 */
	readonly userDailyNotes?: DailyTarget;
}

/**
 * The memory workspace as the user's commands see it: one object that the plugin, the command
 * line and `npm start` share, so that each of them only wires ports and prints results.
 */
export class AssistantWorkspace {
	readonly layout: WorkspaceLayout;
	readonly audit: AuditLog;
	private readonly memory: MemoryDeps;
	private readonly daily: DailyTarget;

	/** Throws `ContainmentError` when the assistant folder itself lies outside what may be written. */
	constructor(private readonly deps: AssistantWorkspaceDeps) {
		const folder = deps.settings.assistantFolder;
		if (normalizeVaultPath(folder) !== "/") {
			assertContained(folder, { configDir: deps.store.configDir, excludedFolders: deps.settings.excludedFolders });
		}
		this.layout = layoutFor(folder, deps.settings.inboxFolder);
		this.audit = new AuditLog(deps.auditFile);
		const writer = new AuditedWriter({
			store: deps.store,
			audit: this.audit,
			clock: deps.clock,
			excludedFolders: deps.settings.excludedFolders,
		});
		this.memory = { store: deps.store, writer, clock: deps.clock };
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
		return inspectWorkspace(this.deps.store, this.layout);
	}

	identityFiles() {
		return findIdentityFiles(this.deps.store, this.layout);
	}

	initialize(language: Language) {
		return initializeWorkspace(this.deps.store, this.layout, this.memory.writer, language);
	}

	appendDailyMemory(entry: string, actor: AuditActor, section?: string) {
		return appendDailyEntry(this.memory, this.daily, entry, { actor, section });
	}

	recentDailyMemory(days: number) {
		return readRecentDays(this.memory, this.daily, days);
	}

	promote(date: string, actor: AuditActor) {
		return promoteDay(this.memory, { date, target: this.daily, memoryPath: this.memoryPath(), actor });
	}

	archive(actor: AuditActor) {
		return archiveOldDailyNotes(this.memory, this.layout, {
			retentionDays: this.deps.settings.archiveRetentionDays,
			actor,
		});
	}

	/** Hot memory's cap, in estimated tokens, as the settings say. */
	get hotMemoryCapTokens(): number {
		return this.deps.settings.hotMemoryCapTokens;
	}

	/** Long-term memory's text and size when it has outgrown hot memory's cap; `null` when it fits (or there is none). */
	async hotMemoryOverCap(): Promise<{ readonly tokens: number; readonly text: string } | null> {
		const path = this.memoryPath();
		if (this.deps.store.stat(path) === null) return null;
		const text = await this.deps.store.read(path);
		return exceedsHotMemoryCap(text, this.hotMemoryCapTokens) ? { tokens: estimateTokens(text), text } : null;
	}

	/** The long-term memory file in use (`MEMORY.md` adopted as it is), or the layout's name. */
	memoryPath(): string {
		return this.identityFiles().memory ?? this.layout.memory;
	}
}
