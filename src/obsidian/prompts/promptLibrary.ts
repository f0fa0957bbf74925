import { MarkdownView, Notice, type Plugin, type TAbstractFile } from "obsidian";
import { textForModel } from "../../core/agent/derivedNotes";
import { localToday } from "../../core/memory/dailyDates";
import type { Clock } from "../../core/ports";
import {
	listPrompts,
	MAX_FILLED_CHARS,
	MAX_PROMPT_BYTES,
	preparePrompt,
	promptsFolderOf,
	type PromptEntry,
	type PromptNotice,
	type PromptRefusal,
} from "../../core/prompts";
import { isInFolder } from "../../core/vault/paths";
import { layoutOf } from "../../core/workspace/layout";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { insertAtCursor } from "../chat/answerToNote";
import type { SettingsStore } from "../settingsStore";
import type { PromptTurn } from "./promptTurn";

/** How long the vault must rest before the prompts are listed again: a sync or a rename of a folder fires many events. */
const RELIST_MS = 300;

/**
 * The settings that change where prompts are read from, which notes the assistant may see, or
 * which it writes itself (its captures go to the inbox): none of those is a prompt.
 */
const RELISTED_BY = ["assistantFolder", "inboxFolder", "promptsFolder", "excludedFolders", "excludedTags"];

/**
 * The prompt notes of the prompts folder, listed again whenever a note there is added, renamed,
 * changed or deleted, or the settings move the folder or hide notes; those who list them (the
 * palette's commands, the chat's `/` suggestions) are told. It also prepares a prompt to run.
 */
export class PromptLibrary {
	private listed: readonly PromptEntry[] = [];
	/** `null` until the vault is loaded and the prompts first listed: the events of loading are no changes. */
	private folder: string | null = null;
	private refusalShown: string | null = null;
	private timer: number | null = null;
	private readonly listeners = new Set<() => void>();

	constructor(
		private readonly plugin: Plugin,
		private readonly settingsStore: SettingsStore,
		private readonly clock: Clock,
	) {}

	get prompts(): readonly PromptEntry[] {
		return this.listed;
	}

	/** Lists the prompts once the vault is loaded, and again after every change that may alter them. */
	start(): void {
		const { app } = this.plugin;
		const touched = (file: TAbstractFile, oldPath?: string) => {
			const folder = this.folder;
			if (folder === null) return;
			if (isInFolder(file.path, folder) || (oldPath !== undefined && isInFolder(oldPath, folder))) this.relistSoon();
		};
		this.plugin.registerEvent(app.vault.on("create", (file) => touched(file)));
		this.plugin.registerEvent(app.vault.on("delete", (file) => touched(file)));
		this.plugin.registerEvent(app.vault.on("rename", (file, oldPath) => touched(file, oldPath)));
		// Properties (a description, a private tag) are known once the metadata is parsed, after `modify`.
		this.plugin.registerEvent(app.metadataCache.on("changed", (file) => touched(file)));
		this.plugin.register(
			this.settingsStore.onChange((changed) => {
				if (changed.settings.some((key) => RELISTED_BY.includes(key))) this.relistSoon();
			}),
		);
		this.plugin.register(() => {
			if (this.timer !== null) window.clearTimeout(this.timer);
		});
		app.workspace.onLayoutReady(() => this.relist());
	}

	/** Calls `listener` after every new listing; returns the function that stops it. */
	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** The folder prompts are read from now, for the message that there are none. */
	get folderPath(): string {
		return this.folder ?? "";
	}

	relist(): void {
		const settings = this.settingsStore.settings;
		const layout = layoutOf(settings);
		const { folder, refused } = promptsFolderOf(layout, {
			configDir: this.plugin.app.vault.configDir,
			excludedFolders: settings.excludedFolders,
		});
		const refusal = refused === null ? null : describeError(refused);
		if (refusal !== null && refusal !== this.refusalShown)
			new Notice(t("prompts.folder-refused", { reason: refusal, folder }));
		this.refusalShown = refusal;
		this.folder = folder;
		this.listed = listPrompts(this.settingsStore.vaultView(), folder, layout).prompts;
		for (const listener of this.listeners) listener();
	}

	/**
	 * `prompt` filled from the note the user was last editing (its text, its selection) and today,
	 * with `rest`, the user's own words, after it; `null` when it cannot run, the notice saying why.
	 * What went ahead despite a problem (a property of the wrong kind, a hidden note) is told too.
	 */
	async prepare(prompt: PromptEntry, rest = ""): Promise<PromptTurn | null> {
		const { app } = this.plugin;
		const leaf = app.workspace.getMostRecentLeaf();
		const editor = leaf?.view instanceof MarkdownView && leaf.view.file !== null ? leaf.view : null;
		const notePath = editor?.file?.path ?? null;
		const vault = this.settingsStore.vaultView();
		const layout = layoutOf(this.settingsStore.settings);
		const context = {
			notePath,
			selection: editor?.editor.getSelection() ?? "",
			today: localToday(this.clock),
			rest,
		};
		const forModel = (path: string, text: string) => textForModel({ vault, layout }, path, text);
		const prepared = await preparePrompt(vault, prompt, context, forModel).catch((error: unknown) => {
			new Notice(describeError(error));
			return null;
		});
		if (prepared === null) return null;
		if ("refused" in prepared) {
			new Notice(refusalMessage(prompt.name, prepared));
			return null;
		}
		for (const notice of prepared.notices) new Notice(noticeMessage(prompt.name, notice));
		const label = [`/${prompt.name}`, rest.trim()].filter((part) => part !== "").join(" ");
		// Without the selection it works on, a prompt's answer is a question back, not text for the note.
		const inserts = prepared.prompt.insert === "cursor" && !prepared.notices.includes("no-selection");
		const insertInto = inserts ? editor : null;
		return {
			label,
			text: prepared.text,
			fromNote: prepared.fromNote,
			...(prepared.prompt.model === undefined ? {} : { model: prepared.prompt.model }),
			...(insertInto === null
				? {}
				: {
						insert: (answer: string) => {
							// The answer goes where the prompt was run, only while that editor still shows that note.
							const open = app.workspace.getLeavesOfType("markdown").some((shown) => shown.view === insertInto);
							if (!open || insertInto.file?.path !== notePath) {
								new Notice(t("prompts.insert.gone"));
								return;
							}
							// Inserted unasked, the model's words never go into a note the assistant may not touch
							// (hidden when the prompt ran, or made so since): the user can still insert them by hand.
							if (notePath === null || this.settingsStore.vaultView().stat(notePath) === null) {
								new Notice(t("prompts.insert.hidden"));
								return;
							}
							// After the selection, never over it: the user's text stays until they remove it.
							const target = insertInto.editor;
							const selected = target.getSelection() !== "";
							target.setCursor(target.getCursor("to"));
							insertAtCursor(app, selected ? `\n\n${answer}` : answer, insertInto);
						},
					}),
		};
	}

	private relistSoon(): void {
		if (this.timer !== null) window.clearTimeout(this.timer);
		this.timer = window.setTimeout(() => {
			this.timer = null;
			this.relist();
		}, RELIST_MS);
	}
}

function refusalMessage(name: string, refusal: PromptRefusal): string {
	switch (refusal.refused) {
		case "missing":
			return t("prompts.refused.missing", { name });
		case "too-large":
			return t("prompts.refused.too-large", { name, size: MAX_PROMPT_BYTES / 1024 });
		case "unreadable":
			return t("prompts.refused.unreadable", { name });
		case "empty":
			return t("prompts.refused.empty", { name });
	}
}

function noticeMessage(name: string, notice: PromptNotice): string {
	switch (notice) {
		case "note-cut":
		case "selection-cut":
		case "repeats-cut":
			return t(`prompts.notice.${notice}`, { count: MAX_FILLED_CHARS });
		case "no-note":
		case "note-hidden":
			return t(`prompts.notice.${notice}`);
		case "no-selection":
			return t("prompts.notice.no-selection", { name });
		default:
			return t(`prompts.notice.${notice}`, { name });
	}
}
