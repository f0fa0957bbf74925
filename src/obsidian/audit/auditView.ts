import { ItemView, Setting, type WorkspaceLeaf } from "obsidian";
import { receiptClient, type Receipt } from "../../core/audit/receipt";
import { MODEL_FEATURES, type ModelFeature } from "../../core/model/modelFeature";
import { AUDIT_ACTORS, isMcpActor, mcpClientName, type AuditActor, type AuditRecord } from "../../core/audit/record";
import { t } from "../../i18n";
import { openCommandContext, type CommandDeps } from "../commandContext";
import { formatCount, formatTime } from "../localeFormat";
import { noticeWithNote, openNote } from "../noteNotice";
import { notifyFailure } from "../notifyFailure";
import {
	filteredEntries,
	isUndoable,
	SHOWN_CHANGES,
	SHOWN_KINDS,
	type AuditViewFilter,
	type ShownKind,
} from "./auditRows";
import { refusalText, undoRecord } from "./undoAuditRecord";
import { UndoRefusedModal } from "./undoRefusedModal";

export const AUDIT_VIEW_TYPE = "assistant-workspace-changes";

/**
 * "Show assistant changes": the audit trail and the receipts of what was read and sent, latest
 * first, filtered by kind, by who wrote or sent and by note. Each change opens its note; an edit
 * can be undone, exactly, while the note is as it left it. Each send says where it went, the
 * model, its tokens, and links the notes and files it carried.
 */
export class AuditView extends ItemView {
	private filter: AuditViewFilter = { actor: "all", note: "" };
	private shown: ShownKind = "all";
	private records: readonly AuditRecord[] = [];
	private receipts: readonly Receipt[] = [];
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
		new Setting(filters).setName(t("audit.filter-kind")).addDropdown((dropdown) => {
			for (const kind of SHOWN_KINDS) dropdown.addOption(kind, t(`audit.kind.${kind}`));
			dropdown.setValue(this.shown).onChange((value) => {
				this.shown = value as ShownKind;
				this.draw();
			});
			dropdown.selectEl.addClass("assistant-audit-kind-filter");
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
			this.receipts = await this.deps.settingsStore.receipts.read();
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
		const entries = filteredEntries(this.records, this.receipts, this.filter, this.shown);
		if (entries.length === 0) {
			const nothing = this.records.length === 0 && this.receipts.length === 0;
			list.createEl("p", { cls: "assistant-audit-empty", text: t(nothing ? "audit.none" : "audit.none-match") });
			return;
		}
		if (entries.length > SHOWN_CHANGES)
			list.createEl("p", { text: t("audit.latest", { shown: SHOWN_CHANGES, count: entries.length }) });
		for (const entry of entries.slice(0, SHOWN_CHANGES))
			if (entry.kind === "write") this.drawRecord(list, entry.record);
			else this.drawReceipt(list, entry.receipt);
	}

	/** A send: when, what sent it, where it went; the model and tokens; a link to each note and file it carried. */
	private drawReceipt(list: HTMLElement, receipt: Receipt): void {
		const row = list.createDiv("assistant-audit-row assistant-audit-send");
		const head = row.createDiv("assistant-audit-head");
		head.createSpan({ cls: "assistant-audit-time", text: formatTime(new Date(receipt.time)) });
		const client = receiptClient(receipt);
		head.createSpan({
			cls: "assistant-audit-action",
			text:
				client === null
					? t("audit.send.model", { host: receipt.to })
					: t("audit.send.mcp", { client: mcpClientName(client) }),
		});
		const counts = { input: formatCount(receipt.inputTokens), output: formatCount(receipt.outputTokens) };
		const detail =
			client !== null
				? t("audit.send.mcp-detail", { tool: receipt.feature, ...counts })
				: receipt.model === undefined
					? // A request that asked no model (the server's model list) names what sent it alone.
						featureLabel(receipt.feature)
					: receipt.texts !== undefined
						? // An embedding server counts no tokens the way a chat model does: the texts sent say what left.
							t("audit.send.embedding-detail", {
								model: receipt.model,
								feature: featureLabel(receipt.feature),
								texts: formatCount(receipt.texts),
							})
						: t("audit.send.model-detail", { model: receipt.model, feature: featureLabel(receipt.feature), ...counts });
		row.createDiv({
			cls: "assistant-audit-reason",
			text: receipt.failed === true ? `${detail} ${t("audit.send.failed")}` : detail,
		});
		const carried = row.createDiv("assistant-audit-carried");
		if (receipt.paths.length === 0) carried.setText(t("audit.send.nothing-carried"));
		for (const path of receipt.paths) this.noteLink(carried, path, "assistant-audit-sent-note");
	}

	/** A link to the note at `path` that opens it. */
	private noteLink(parent: HTMLElement, path: string, cls: string): void {
		const link = parent.createEl("a", { cls: `${cls} internal-link`, text: path, attr: { href: path } });
		link.addEventListener("click", (evt) => {
			evt.preventDefault();
			void openNote(this.app, path);
		});
	}

	private drawRecord(list: HTMLElement, record: AuditRecord): void {
		const row = list.createDiv("assistant-audit-row");
		const head = row.createDiv("assistant-audit-head");
		head.createSpan({ cls: "assistant-audit-time", text: formatTime(new Date(record.time)) });
		head.createSpan({ cls: "assistant-audit-actor", text: actorLabel(record.actor) });
		head.createSpan({ cls: "assistant-audit-action", text: t(`audit.action.${record.action}`) });
		this.noteLink(head, record.path, "assistant-audit-note");
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

/** A feature as the view names it; one this version does not know (written by a later one) by its name. */
function featureLabel(feature: string): string {
	return (MODEL_FEATURES as readonly string[]).includes(feature)
		? t(`audit.feature.${feature as ModelFeature}`)
		: feature;
}
