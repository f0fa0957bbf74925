import { Notice, SuggestModal, type App } from "obsidian";
import { snippetOf, type SearchHit, type Snippet } from "../../core/retrieval";
import type { VaultView } from "../../core/vault/vaultView";
import type { VaultIndexer } from "./vaultIndexer";
import { t } from "../../i18n";
import { suggestionChooser } from "../privateApi";

const RESULTS = 20;

/**
 * How long the query must stay as typed before it is searched by meaning as well: its embedding
 * is a request to the server, not made on every keystroke.
 */
const MEANING_AFTER_MS = 300;

/**
 * "Search memory": the index searched on every keystroke (a search takes well under a
 * millisecond), each hit shown with its heading and a snippet; choosing one opens the note at
 * the hit's line; Alt+Enter (or Alt+click) inserts a `[[link]]` to it into the note being
 * edited instead. With search by meaning on, a query left as typed for a moment is searched by
 * meaning too, and its fused results replace the keyword ones. The index keeps no text, so
 * snippets are read from the notes as they are shown, each note once per modal.
 */
export class SearchMemoryModal extends SuggestModal<SearchHit> {
	private readonly texts = new Map<string, Promise<string | null>>();
	/** The fused results of the last query searched by meaning. */
	private fused: { readonly query: string; readonly hits: readonly SearchHit[] } | null = null;
	private cancelMeaning: (() => void) | null = null;
	/** Snippets are read through the privacy view, as everything the assistant shows. */
	private readonly vault: VaultView;

	constructor(
		app: App,
		private readonly indexer: Pick<VaultIndexer, "service" | "meaning" | "view">,
	) {
		super(app);
		this.vault = indexer.view;
		this.limit = RESULTS;
		this.setPlaceholder(t("search.placeholder"));
		this.setInstructions([
			{ command: "↵", purpose: t("search.open") },
			{ command: "alt ↵", purpose: t("search.insert-link") },
		]);
		// The modal's own Enter takes no modifier. Without the list's internal chooser, Alt+Enter
		// goes on to Obsidian's own handling, and Enter still opens the note.
		this.scope.register(["Alt"], "Enter", (evt) => {
			const chooser = suggestionChooser(this);
			if (chooser === null) return true;
			chooser.useSelectedItem(evt);
			return false;
		});
	}

	getSuggestions(query: string): SearchHit[] {
		const { service } = this.indexer;
		const ready = service.currentStatus().phase === "ready";
		this.emptyStateText = query.trim() === "" ? "" : ready ? t("search.no-results") : t("search.not-ready");
		if (query.trim() === "") return [];
		if (this.fused?.query === query) return [...this.fused.hits];
		this.searchByMeaningSoon(query);
		return service.search(query, { limit: RESULTS });
	}

	override onClose(): void {
		this.cancelMeaning?.();
		super.onClose();
	}

	/** Once the query stays as typed, searches it by meaning too, and shows the fused results if it is still the query. */
	private searchByMeaningSoon(query: string): void {
		this.cancelMeaning?.();
		this.cancelMeaning = null;
		const { meaning } = this.indexer;
		if ((meaning.index?.index?.chunkCount ?? 0) === 0) return;
		const timer = window.setTimeout(() => {
			void Promise.resolve(meaning.search(query, { limit: RESULTS })).then((hits) => {
				if (this.inputEl.value !== query) return;
				this.fused = { query, hits };
				// Asks the modal for the suggestions again, which are now the fused ones.
				this.inputEl.dispatchEvent(new Event("input"));
			});
		}, MEANING_AFTER_MS);
		this.cancelMeaning = () => window.clearTimeout(timer);
	}

	renderSuggestion(hit: SearchHit, el: HTMLElement): void {
		el.addClass("mod-complex");
		const content = el.createDiv("suggestion-content");
		const place = hit.heading === "" ? hit.path : `${hit.path} › ${hit.heading}`;
		content.createDiv({ cls: "suggestion-title", text: place });
		const note = content.createDiv("suggestion-note");
		void this.snippetOf(hit).then((snippet) => note.setText(snippet?.text ?? ""));
	}

	onChooseSuggestion(hit: SearchHit, evt: MouseEvent | KeyboardEvent): void {
		if (evt.altKey) this.insertLink(hit);
		else void this.openAt(hit);
	}

	/** A link to the hit's note where the cursor is in the active note, written as Obsidian would resolve it from there. */
	private insertLink(hit: SearchHit): void {
		const active = this.app.workspace.activeEditor;
		const file = this.app.vault.getFileByPath(hit.path);
		if (active?.editor === undefined || file === null) {
			new Notice(t("search.no-editor"));
			return;
		}
		active.editor.replaceSelection(`[[${this.app.metadataCache.fileToLinktext(file, active.file?.path ?? "")}]]`);
	}

	/** Opens the note with the cursor on the snippet's line (the editor counts lines from 0). */
	private async openAt(hit: SearchHit): Promise<void> {
		const file = this.app.vault.getFileByPath(hit.path);
		if (file === null) return;
		const line = (await this.snippetOf(hit))?.line ?? hit.line;
		await this.app.workspace.getLeaf(false).openFile(file, { eState: { line: line - 1 } });
	}

	private async snippetOf(hit: SearchHit): Promise<Snippet | null> {
		let text = this.texts.get(hit.path);
		if (text === undefined) {
			text = this.vault.read(hit.path).catch(() => null);
			this.texts.set(hit.path, text);
		}
		const content = await text;
		return content === null ? null : snippetOf(content, hit);
	}
}
