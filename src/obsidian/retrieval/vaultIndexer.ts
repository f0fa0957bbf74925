import { TFile, TFolder, type Plugin } from "obsidian";
import type { VaultView } from "../../core/vault/vaultView";
import type { Clock } from "../../core/ports";
import type { IndexStore, VectorStore } from "../../core/retrieval/service/indexStore";
import { IndexService } from "../../core/retrieval/service/indexService";
import { MeaningService } from "../../core/retrieval/meaning/meaningService";
import type { Settings } from "../../core/workspace/data/settings";
import { ObsidianNoteStore } from "../vaultNoteStore";
import type { SettingsStore } from "../settingsStore";
import { embeddingChoice } from "../embeddingModel";
import { indexPolicyOf } from "./indexPolicy";
import { showIndexProgress } from "./indexStatusBar";
import { showMeaningProgress } from "./meaningStatusBar";
import { windowScheduler } from "./windowScheduler";

/** The index works on through these (an unsaved index, a skipped note); they go to the developer console. */
function logIndexError(error: unknown): void {
	console.warn("Assistant workspace: search index", error);
}

/**
 * The index service and search by meaning over Obsidian: built in `onload` without touching the
 * vault, started once the layout is ready, then fed by the metadata cache (`changed`,
 * `resolved`), the vault (`rename`, `delete`), the workspace (`file-open`, `editor-change`) and
 * the settings. Everything it listens to is registered on the plugin, so unloading stops it; the
 * index and the vectors are saved on the way out.
 */
export class VaultIndexer {
	readonly service: IndexService;
	/** Search by meaning, fused with the index's keyword search: what every search of the plugin asks. */
	readonly meaning: MeaningService;
	/** The vault as the assistant may see it: the index reads notes through it, the search modal its snippets. */
	readonly view: VaultView;

	constructor(
		private readonly plugin: Plugin,
		private readonly settingsStore: SettingsStore,
		store: IndexStore & VectorStore,
		clock: Clock,
	) {
		const app = plugin.app;
		this.view = settingsStore.vaultView();
		this.service = new IndexService(
			{
				files: new ObsidianNoteStore(app),
				notes: this.view,
				resolvedLinks: () => app.metadataCache.resolvedLinks,
				store,
				clock,
				scheduler: windowScheduler,
				onError: logIndexError,
			},
			indexPolicyOf(app, settingsStore.settings),
			settingsStore.settings.pinnedNotes,
		);
		this.meaning = new MeaningService({
			notes: this.view,
			keyword: this.service,
			store,
			scheduler: windowScheduler,
			onError: logIndexError,
		});
		plugin.register(settingsStore.onSettingsChange((settings) => this.settingsChanged(settings)));
		// The vectors are saved before the store is let go.
		plugin.register(() => void this.meaning.close().finally(() => this.service.close()));
	}

	/** Once the layout is ready: follows the vault from now on and brings the index up to date. */
	start(): void {
		const { app } = this.plugin;
		const { service, meaning } = this;
		this.plugin.registerEvent(
			app.metadataCache.on("changed", (file, content, metadata) => {
				service.noteChanged({
					path: file.path,
					content,
					metadata,
					stat: { mtime: file.stat.mtime, size: file.stat.size },
				});
				meaning.noteChanged(file.path);
			}),
		);
		this.plugin.registerEvent(app.metadataCache.on("resolved", () => service.linksChanged()));
		this.plugin.registerEvent(
			app.vault.on("rename", (file, oldPath) => {
				if (file instanceof TFolder) service.resync();
				if (!(file instanceof TFile)) return;
				service.noteRenamed(oldPath, file.path).catch(logIndexError);
				meaning.noteRenamed(oldPath, file.path);
				this.followPinnedRename(oldPath, file.path);
			}),
		);
		this.plugin.registerEvent(
			app.vault.on("delete", (file) => {
				if (file instanceof TFile) service.noteDeleted(file.path);
				if (file instanceof TFile) meaning.noteDeleted(file.path);
				if (file instanceof TFolder) service.resync();
			}),
		);
		this.plugin.registerEvent(
			app.workspace.on("file-open", (file) => {
				if (file?.extension === "md") service.noteOpened(file.path);
			}),
		);
		// Embedding waits while the user types: the window is theirs.
		this.plugin.registerEvent(app.workspace.on("editor-change", () => meaning.userTyped()));
		this.plugin.register(
			service.onStatus((status) => {
				if (status.phase === "ready") meaning.indexReady();
			}),
		);
		this.plugin.register(showIndexProgress(this.plugin.addStatusBarItem(), service, windowScheduler));
		this.plugin.register(showMeaningProgress(this.plugin.addStatusBarItem(), meaning, windowScheduler));
		this.useEmbeddingModel();
		service.start().catch(logIndexError);
	}

	private settingsChanged(settings: Settings): void {
		this.service.setPolicy(indexPolicyOf(this.plugin.app, settings));
		this.service.setPinned(settings.pinnedNotes);
		// The view reads the rules as they are now: what they hide leaves the vectors before any search.
		this.meaning.rulesChanged();
		this.useEmbeddingModel();
	}

	/** Search by meaning with the model the settings choose now, or off. */
	private useEmbeddingModel(): void {
		const choice = embeddingChoice(this.settingsStore);
		this.meaning.use("client" in choice ? choice.client : null);
	}

	/** A pinned note stays pinned under its new name. */
	private followPinnedRename(from: string, to: string): void {
		const pinned = this.settingsStore.settings.pinnedNotes;
		if (!pinned.includes(from)) return;
		void this.settingsStore.updateSettings({ pinnedNotes: pinned.map((path) => (path === from ? to : path)) });
	}
}
