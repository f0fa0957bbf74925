import { ItemView, Setting, type WorkspaceLeaf } from "obsidian";
import { AUDIT_ACTORS, isMcpActor, mcpClientName, type AuditActor, type AuditRecord } from "../../core/audit/record";
import { t } from "../../i18n";
import { openCommandContext, type CommandDeps } from "../commandContext";
import { formatTime } from "../localeFormat";
import { noticeWithNote, openNote } from "../noteNotice";
import { notifyFailure } from "../notifyFailure";
import { filteredChanges, isUndoable, SHOWN_CHANGES, type AuditViewFilter } from "./auditRows";
import { refusalText, undoRecord } from "./undoAuditRecord";
import { UndoRefusedModal } from "./undoRefusedModal";

export const AUDIT_VIEW_TYPE = "assistant-workspace-changes";

/**
 * "Show assistant changes": the audit trail, latest first, filtered by who wrote and by note.
 * Each change opens its note; an edit can be undone, exactly, while the note is as it left it.
 */
export class AuditView extends ItemView {
	private filter: AuditViewFilter = { actor: "all", note: "" };
	private records: readonly AuditRecord[] = [];
	private listEl: HTMLElement | null = null;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly deps: CommandDeps,
	) {
		super(leaf);
	}

	getViewType(): string {
		return AUDIT_VIEW_TYPE;
	}

	getDisplayText(): string {
		return t("audit.title");
	}

	override getIcon(): string {
		return "history";
	}

	protected override async onOpen(): Promise<void> {
		this.addAction("refresh-cw", t("audit.refresh"), () => void this.reload());
		const filters = this.contentEl.createDiv("assistant-audit-filters");
		new Setting(filters).setName(t("audit.filter-actor")).addDropdown((dropdown) => {
			dropdown.addOption("all", t("audit.actor.all"));
			for (const actor of AUDIT_ACTORS) dropdown.addOption(actor, t(`audit.actor.${actor}`));
			dropdown.addOption("mcp", t("audit.actor.mcp-any"));
			dropdown
				.setValue(this.filter.actor)
				.onChange((value) => this.setFilter({ actor: value as AuditViewFilter["actor"] }));
		});
		new Setting(filters).setName(t("audit.filter-note")).addText((input) => {
			input.setPlaceholder(t("audit.filter-note-placeholder")).onChange((value) => this.setFilter({ note: value }));
			input.inputEl.addClass("assistant-audit-note-filter");
		});
		this.listEl = this.contentEl.createDiv("assistant-audit-list");
		await this.reload();
	}

	/** Reads the trail again and redraws the list. */
	async reload(): Promise<void> {
		await notifyFailure(this.deps.settingsStore.notifier, async () => {
			this.records = (await (await this.deps.settingsStore.open()).audit.read()).records;
			this.draw();
		});
	}

	private setFilter(change: Partial<AuditViewFilter>): void {
		this.filter = { ...this.filter, ...change };
		this.draw();
	}

	private draw(): void {
		const list = this.listEl;
		if (list === null) return;
		list.empty();
		const changes = filteredChanges(this.records, this.filter);
		if (changes.length === 0) {
			list.createEl("p", {
				cls: "assistant-audit-empty",
				text: t(this.records.length === 0 ? "audit.none" : "audit.none-match"),
			});
			return;
		}
		if (changes.length > SHOWN_CHANGES)
			list.createEl("p", { text: t("audit.latest", { shown: SHOWN_CHANGES, count: changes.length }) });
		for (const record of changes.slice(0, SHOWN_CHANGES)) this.drawRecord(list, record);
	}

	private drawRecord(list: HTMLElement, record: AuditRecord): void {
		const row = list.createDiv("assistant-audit-row");
		const head = row.createDiv("assistant-audit-head");
		head.createSpan({ cls: "assistant-audit-time", text: formatTime(new Date(record.time)) });
		head.createSpan({ cls: "assistant-audit-actor", text: actorLabel(record.actor) });
		head.createSpan({ cls: "assistant-audit-action", text: t(`audit.action.${record.action}`) });
		const note = head.createEl("a", {
			cls: "assistant-audit-note internal-link",
			text: record.path,
			attr: { href: record.path },
		});
		note.addEventListener("click", (evt) => {
			evt.preventDefault();
			void openNote(this.app, record.path);
		});
		if (record.from !== undefined)
			row.createDiv({ cls: "assistant-audit-from", text: t("audit.moved-from", { path: record.from }) });
		row.createDiv({ cls: "assistant-audit-reason", text: record.reason });
		if (!isUndoable(record)) return;
		const undo = row.createEl("button", { cls: "assistant-audit-undo", text: t("audit.undo") });
		undo.addEventListener("click", () => void this.undo(record));
	}

	private async undo(record: AuditRecord): Promise<void> {
		await notifyFailure(this.deps.settingsStore.notifier, async () => {
			const outcome = await undoRecord(this.deps.settingsStore, await openCommandContext(this.deps, "user"), record);
			if (outcome.kind === "restored") {
				noticeWithNote(this.app, t("audit.undone"), outcome.path);
				await this.reload();
			} else if (outcome.kind === "refused" && outcome.refusal === "changed-since") {
				new UndoRefusedModal(this.app, { ...outcome, message: refusalText(outcome) }).open();
			} else {
				this.deps.settingsStore.notifier.notify(refusalText(outcome));
			}
		});
	}
}

/** Who wrote, as the view names them: an MCP client by the name it gave (sanitized when written). */
function actorLabel(actor: AuditActor): string {
	return isMcpActor(actor) ? t("audit.actor.mcp", { client: mcpClientName(actor) }) : t(`audit.actor.${actor}`);
}
