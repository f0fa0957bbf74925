import { ItemView, type Plugin, type WorkspaceLeaf } from "obsidian";
import type { MeaningService } from "../../core/retrieval/meaning/meaningService";
import type { RelatedNote } from "../../core/retrieval/meaning/relatedNotes";
import { t } from "../../i18n";
import type { SettingsStore } from "../settingsStore";

export const RELATED_VIEW_TYPE = "assistant-workspace-related";

/** Notes listed at most. */
const RELATED_LIMIT = 20;

/** What the view follows besides the workspace: the settings, whose privacy rules decide what it may list. */
type Settings = Pick<SettingsStore, "onSettingsChange">;

/**
 * "Related notes": the notes near the open note in meaning, and those it links with, in the side
 * bar, following the note that is open. Each opens on a click (in a new tab with Ctrl/Cmd). A
 * note the privacy rules hide is never listed, and a hidden open note lists nothing: the list is
 * drawn again whenever the settings change, so a note the rules hide from now on leaves the
 * screen at once.
 */
export class RelatedNotesView extends ItemView {
	/** Counts the draws begun: a draw that waited for vectors draws only if no later one began. */
	private drawings = 0;
	constructor(
		leaf: WorkspaceLeaf,
		private readonly meaning: MeaningService,
		private readonly settings: Settings,
	) {
		super(leaf);
	}

	getViewType(): string {
		return RELATED_VIEW_TYPE;
	}

	getDisplayText(): string {
		return t("related.title");
	}

	override getIcon(): string {
		return "sparkles";
	}

	protected override async onOpen(): Promise<void> {
		this.registerEvent(this.app.workspace.on("file-open", () => void this.draw()));
		this.registerEvent(this.app.metadataCache.on("resolved", () => void this.draw()));
		this.register(this.settings.onSettingsChange(() => void this.draw()));
		// The list grows as the notes are embedded: drawn again once embedding is done or paused.
		this.register(
			this.meaning.onState((state) => {
				if (state.state !== "embedding") void this.draw();
			}),
		);
		void this.draw();
	}

	/**
	 * The list for the note open now. The neighbours' vectors may be read from the device first: a
	 * list that a later draw overtook meanwhile is not drawn.
	 */
	async draw(): Promise<void> {
		const drawing = ++this.drawings;
		const file = this.app.workspace.getActiveFile();
		const related =
			file === null || file.extension !== "md" ? [] : await this.meaning.related(file.path, RELATED_LIMIT);
		if (drawing !== this.drawings) return;
		const el = this.contentEl;
		el.empty();
		el.addClass("assistant-related");
		if (file === null || file.extension !== "md") {
			el.createDiv({ cls: "pane-empty", text: t("related.no-note") });
			return;
		}
		el.createDiv({ cls: "assistant-related-heading", text: file.basename });
		if (related.length === 0) {
			const off = this.meaning.currentState().state === "off";
			el.createDiv({ cls: "pane-empty", text: off ? t("related.none-meaning-off") : t("related.none") });
			return;
		}
		const list = el.createDiv("assistant-related-list");
		for (const note of related) this.drawNote(list, note, file.path);
	}

	private drawNote(list: HTMLElement, note: RelatedNote, from: string): void {
		const row = list.createDiv({ cls: "tree-item-self is-clickable assistant-related-note" });
		row.createDiv({ cls: "tree-item-inner", text: note.path.replace(/\.md$/, "") });
		const why = [
			note.similarity === null ? null : t("related.similarity", { percent: Math.round(note.similarity * 100) }),
			note.link === null ? null : t(`related.link.${note.link}`),
		].filter((part): part is string => part !== null);
		row.createDiv({ cls: "tree-item-flair-outer" }).createSpan({ cls: "tree-item-flair", text: why.join(" · ") });
		row.addEventListener("click", (event) => {
			void this.app.workspace.openLinkText(note.path, from, event.ctrlKey || event.metaKey);
		});
	}
}

/** Registers the view and its command, which shows it in the right side bar. */
export function registerRelatedNotes(plugin: Plugin, meaning: MeaningService, settings: Settings): void {
	plugin.registerView(RELATED_VIEW_TYPE, (leaf) => new RelatedNotesView(leaf, meaning, settings));
	plugin.addCommand({
		id: "open-related-notes",
		name: t("command.open-related-notes"),
		callback: () => void showRelated(plugin),
	});
}

async function showRelated(plugin: Plugin): Promise<void> {
	const { workspace } = plugin.app;
	const open = workspace.getLeavesOfType(RELATED_VIEW_TYPE)[0];
	const leaf = open ?? workspace.getRightLeaf(false);
	if (leaf === null) return;
	if (open === undefined) await leaf.setViewState({ type: RELATED_VIEW_TYPE, active: true });
	await workspace.revealLeaf(leaf);
}
