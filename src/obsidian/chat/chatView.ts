import {
	ItemView,
	Notice,
	type HoverParent,
	type HoverPopover,
	type Menu,
	type TFile,
	type WorkspaceLeaf,
} from "obsidian";
import { budgetHitMessage } from "../../core/agent/loop";
import type { ChatMessage, ModelError, ModelErrorKind } from "../../core/model/modelClient";
import { ChatSession, type SessionEvent } from "../../core/agent/session";
import type { ChatHome } from "../../core/agent/session/staleChat";
import type { Settings } from "../../core/workspace/data/settings";
import type { Checkpoint } from "../../core/workspace/data/state";
import { parseTranscript, savedConversation } from "../../core/agent/transcript";
import { undoWrite } from "../../core/memory/undoWrite";
import { applyProposal } from "../../core/edits";
import { chatWelcome } from "../../core/agent/welcome/chatWelcome";
import { layoutFor, layoutOf } from "../../core/workspace/layout";
import { withResolvedLinks } from "../../core/agent/tools/passageLinks";
import { slashCommandOf } from "../../core/prompts";
import { t } from "../../i18n";
import { modelErrorMessage, OFFLINE_MODEL_ID } from "../../llm";
import { describeError } from "../describeError";
import { serverInUse } from "../obsidianModel";
import { CheckpointModal } from "../memory/checkpointModal";
import { saveCheckpoint } from "../memory/saveCheckpoint";
import { AssistantMessage, type AnswerActions } from "./assistantMessage";
import { drawErrorBanner, drawResumeBanner, drawStaleBanner } from "./chatBanners";
import { insertAtCursor, saveAnswerAsNote } from "./answerToNote";
import { ChatComposer } from "./chatComposer";
import { drawWelcome, WELCOME_QUESTIONS, type ModelStep } from "./chatWelcomeView";
import { ChatHistoryModal } from "./chatHistoryModal";
import type { ChatMode } from "./chatMode";
import type { ChatViewDeps } from "./chatViewDeps";
import { showCheckpointOffer } from "./checkpointOffer";
import { followInternalLinks } from "./internalLinks";
import { mentionableNotes } from "./mentionable";
import { showMemoryFlush } from "./memoryFlushNotice";
import { openNoteAtLine } from "./openNoteAtLine";
import type { AttachedSelection, SelectionIntent } from "./selectionChip";
import { onModel, type PromptTurn } from "../prompts/promptTurn";
import { showSentText } from "./sentText";
import type { ChipActions } from "./toolChip";
import { drawSentAttachments, refused } from "./attachmentChips";
import type { AttachmentRef } from "../../core/agent/session/userAttachments";

export const CHAT_VIEW_TYPE = "assistant-workspace-chat";

/** What goes with a message besides its text. */
export interface SendOptions {
	/** A checkpoint put into the message's context (the resume banner's Resume). */
	readonly resume?: Checkpoint | null;
	/** The prompt the message runs, filled in: shown as its `/name`, answered on its model, its answer inserted where it asks. */
	readonly prompt?: PromptTurn | null;
	/** Files attached to the message (dropped, pasted, `[[file.pdf]]`). */
	readonly attachments?: readonly AttachmentRef[];
	/**
	 * The chat sends the message for the user (Ask again, Resume, an opening): the selection
	 * attached in the composer stays there for the user's own next message.
	 */
	readonly forUser?: boolean;
}
export const CHAT_ICON = "message-square";

/** How long the settings must rest before the welcome is drawn again. */
const WELCOME_REDRAW_MS = 250;

/** Failures that asking again cannot mend: the user must change something first. */
const NOT_RETRIED: readonly ModelErrorKind[] = ["invalid-key", "privacy-unconfirmed", "redirect"];

/**
 * The chat pane, in the right sidebar or in a tab: the offline label, the resume and stale-chat
 * banners above, the messages (the welcome while there are none), an error banner, then the
 * composer. It holds one chat (a `ChatSession`), new or reopened from the history; each message
 * runs a turn of it, whose events it draws as they come. Each chat has a session of its own: a
 * turn stopped as the user leaves its chat still ends, and is saved, in that chat; two panes
 * are two chats.
 */
export class ChatView extends ItemView implements HoverParent {
	hoverPopover: HoverPopover | null = null;
	private session: ChatSession;
	private newChatAction!: HTMLElement;
	private historyAction!: HTMLElement;
	private offlineEl!: HTMLElement;
	private resumeEl!: HTMLElement;
	private staleEl!: HTMLElement;
	private overCapEl!: HTMLElement;
	private listEl!: HTMLElement;
	private errorEl!: HTMLElement;
	private composer!: ChatComposer;
	private answers: AssistantMessage[] = [];
	/**
	 * The turn being drawn failed and the error banner says so: the banner alone offers Retry (when
	 * a retry can help), and an answer that holds nothing is not left as an empty bubble under it.
	 */
	private errorShown = false;
	private running: AbortController | null = null;
	private welcomeTimer: number | null = null;
	/** The assistant folder the chat was begun in. */
	private home: ChatHome = { folder: null };
	/** The purpose of the current chat, when it has one (onboarding). */
	private mode: ChatMode | null = null;
	/** The model the last message's prompt chose, for its turn and its retry; `null`, the settings'. */
	private turnModel: string | null = null;
	/** What an answer's buttons do; Retry is the last answer's alone. */
	private readonly answerActions: AnswerActions = {
		retry: () => void this.retry(),
		copy: (text) => void this.copy(text),
		insert: (text) => insertAtCursor(this.app, text),
		save: (question, text) => void saveAnswerAsNote(this.app, this.deps.settingsStore, question, text),
	};
	/**
	 * What a tool chip's result does: open a note at a line, undo a write it announces (as the
	 * user), apply the hunks the user accepted of a proposed edit, ask for the edit again.
	 */
	private readonly chipActions: ChipActions = {
		shows: (path) => this.deps.settingsStore.vaultView().stat(path) !== null,
		open: (location, newLeaf) => void openNoteAtLine(this.app, location, newLeaf),
		undo: async (write) => {
			const { tools } = await this.deps.ports();
			return undoWrite(write, tools, "user");
		},
		apply: async (proposal, accepted, confirmed) =>
			applyProposal((await this.deps.ports()).tools, proposal, accepted, confirmed),
		askAgain: (path) => {
			if (this.running !== null) {
				new Notice(t("edit.ask-again-busy"));
				return false;
			}
			void this.send(t("edit.ask-again-message", { path }), { forUser: true });
			return true;
		},
	};

	constructor(
		leaf: WorkspaceLeaf,
		private readonly deps: ChatViewDeps,
	) {
		super(leaf);
		this.icon = CHAT_ICON;
		this.session = this.newSession(null);
	}

	getViewType(): string {
		return CHAT_VIEW_TYPE;
	}

	getDisplayText(): string {
		return t("chat.title");
	}

	/** Whether a turn is running now. */
	get busy(): boolean {
		return this.running !== null;
	}

	/**
	 * A message of the heartbeat (see `heartbeat/heartbeatChat.ts`): shown apart from the
	 * conversation and saved in no transcript; the chat's later turns are told what it said, so
	 * that the user can answer it.
	 */
	showHeartbeatMessage(text: string): void {
		this.session.heartbeatShown(text);
		this.listEl.querySelector(".assistant-chat-empty")?.remove();
		const message = this.listEl.createDiv({ cls: "assistant-chat-message is-heartbeat" });
		message.createDiv({ cls: "assistant-chat-heartbeat-label", text: t("heartbeat.label") });
		message.createDiv({ cls: "assistant-chat-body", text });
		this.scrollToEnd();
	}

	protected override async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass("assistant-chat");
		this.newChatAction = this.addAction("plus", t("chat.new"), () => this.newChat());
		this.historyAction = this.addAction("history", t("chat.history.open"), () => this.openHistory());
		this.offlineEl = root.createDiv({ cls: "assistant-chat-offline", text: t("chat.offline") });
		this.resumeEl = root.createDiv({ cls: "assistant-chat-resume" });
		this.staleEl = root.createDiv({ cls: "assistant-chat-stale" });
		this.staleEl.hide();
		this.overCapEl = root.createDiv({ cls: "assistant-chat-over-cap" });
		this.overCapEl.hide();
		this.listEl = root.createDiv({ cls: "assistant-chat-messages" });
		this.errorEl = root.createDiv({ cls: "assistant-chat-error" });
		this.errorEl.hide();
		this.composer = new ChatComposer(
			this.app,
			root.createDiv({ cls: "assistant-chat-composer" }),
			this,
			{
				send: (text, attachments) => void this.send(text, { attachments }),
				stop: () => this.stop(),
			},
			mentionableNotes(this.deps.settingsStore),
			() => this.deps.prompts.prompts,
			() => this.deps.settingsStore.vaultView(),
		);
		this.registerDomEvent(this.containerEl, "keydown", (event) => {
			if (event.key === "Escape" && this.running !== null) {
				event.preventDefault();
				this.stop();
			}
		});
		followInternalLinks(this, this.listEl, CHAT_VIEW_TYPE);
		this.registerEvent(this.app.vault.on("rename", (file, oldPath) => this.transcriptRenamed(oldPath, file.path)));
		this.registerEvent(
			this.app.vault.on("delete", (file) => {
				if (file.path === this.session.transcriptPath) this.startNewChat();
			}),
		);
		this.register(
			this.deps.settingsStore.onChange((changed) => {
				if (changed.settings.includes("language")) this.relabel();
				this.showOffline();
				this.showStale();
				this.welcomeAgain();
			}),
		);
		this.showOffline();
		this.showResume(this.deps.settingsStore.state.lastCheckpoint);
		// A pane restored with the workspace opens before the vault is loaded.
		this.app.workspace.onLayoutReady(() => {
			this.showOverCap();
			if (this.session.conversation.length === 0 && this.running === null) this.showEmpty();
		});
	}

	/** The pane's own labels in the interface language, after it changed; the conversation stays as it was written. */
	private relabel(): void {
		this.newChatAction.setAttr("aria-label", t("chat.new"));
		this.historyAction.setAttr("aria-label", t("chat.history.open"));
		this.offlineEl.setText(t("chat.offline"));
		if (this.listEl.querySelector(".assistant-chat-empty") !== null) this.showEmpty();
		this.composer.relabel();
	}

	protected override async onClose(): Promise<void> {
		if (this.welcomeTimer !== null) window.clearTimeout(this.welcomeTimer);
		this.stop();
		for (const answer of this.answers) answer.dispose();
		this.answers = [];
	}

	/** The pane's menu offers a new chat in a new tab, beside this one. */
	override onPaneMenu(menu: Menu, source: string): void {
		super.onPaneMenu(menu, source);
		menu.addItem((item) =>
			item
				.setTitle(t("command.new-chat-in-tab"))
				.setIcon("file-plus")
				.setSection("open")
				.onClick(() => this.deps.openInNewTab()),
		);
	}

	/** Forgets the conversation (the transcript stays) and offers to resume from the last checkpoint. */
	newChat(): void {
		this.startNewChat();
		this.composer.focus();
	}

	/** Attaches text selected in a note to the next message (a chip above the text area) and puts the cursor there. */
	attachSelection(selection: AttachedSelection, intent: SelectionIntent): void {
		this.composer.selection.attach(selection);
		if (intent === "edit") this.composer.prefill(t("selection.edit-prefill"));
		this.composer.focus();
	}

	/** Starts a new chat in `mode` and sends its opening message. */
	async startMode(mode: ChatMode): Promise<void> {
		this.startNewChat();
		this.mode = mode;
		this.session = this.newSession(null);
		this.resumeEl.hide();
		await this.send(mode.opening, { forUser: true });
	}

	/** The past chats, to reopen, rename or delete. */
	openHistory(): void {
		const chatsFolder = layoutFor(this.deps.settingsStore.settings.assistantFolder).chatsFolder;
		new ChatHistoryModal(this.app, chatsFolder, (file) => void this.reopen(file)).open();
	}

	/** Shows a past chat from its transcript; the next message continues it, in the same transcript. */
	async reopen(file: TFile): Promise<void> {
		const turns = await this.app.vault.cachedRead(file).then(parseTranscript, (error: unknown) => {
			new Notice(t("chat.reopen-failed", { error: describeError(error) }));
			return null;
		});
		if (turns === null) return;
		this.stop();
		this.mode = null;
		this.session = this.newSession({ conversation: savedConversation(turns), transcriptPath: file.path });
		this.clearMessages();
		this.resumeEl.hide();
		this.showStale();
		for (const [index, turn] of turns.entries()) {
			this.listEl.createDiv({ cls: "assistant-chat-message is-user", text: turn.question });
			const answer = this.newAnswer(turn.question);
			// The last answer can be retried, as when it was just written.
			await answer.restore(
				turn,
				index === turns.length - 1 && this.session.canRetry ? this.answerActions : this.withoutRetry,
			);
		}
		if (turns.length === 0) this.showEmpty();
		this.scrollToEnd();
		this.composer.focus();
	}

	/**
	 * Sends `text` as the user's message and draws the turn, with what `options` puts beside it.
	 * A message that calls a prompt (`/name …`) sends the prompt, filled in, instead.
	 */
	async send(text: string, options: SendOptions = {}): Promise<void> {
		const { resume = null, prompt = null, attachments = [], forUser = false } = options;
		const message = text.trim();
		if (message === "" || this.running !== null) return;
		const called = prompt === null && resume === null ? slashCommandOf(this.deps.prompts.prompts, message) : null;
		if (called !== null) {
			const turn = await this.deps.prompts.prepare(called.prompt, called.rest);
			if (turn !== null) await this.send(turn.text, { prompt: turn, attachments });
			return;
		}
		this.listEl.querySelector(".assistant-chat-empty")?.remove();
		this.resumeEl.hide();
		const bubble = this.listEl.createDiv({ cls: "assistant-chat-message is-user", text: prompt?.label ?? message });
		if (prompt !== null) showSentText(bubble, message);
		drawSentAttachments(bubble, attachments);
		if (this.home.folder === null) this.home = { folder: this.deps.settingsStore.settings.assistantFolder };
		const currentNotePath = this.composer.includeCurrentNote
			? (this.app.workspace.getActiveFile()?.path ?? null)
			: null;
		const selection = forUser ? undefined : (this.composer.selection.take() ?? undefined);
		this.turnModel = prompt?.model ?? null;
		const answer = await this.draw(message, (signal) =>
			this.session.send(
				message,
				{ currentNotePath, resume, selection, attachments, fromNote: prompt?.fromNote },
				signal,
			),
		);
		if (answer !== null && prompt?.insert !== undefined) prompt.insert(answer.answer);
	}

	/** Sends a prompt run from the palette, the filled text folded under its `/name`; not while an answer is running. */
	async sendPrompt(turn: PromptTurn): Promise<void> {
		if (this.running !== null) {
			new Notice(t("prompts.busy"));
			return;
		}
		await this.send(turn.text, { prompt: turn });
	}

	/** Sends the last message again, its failed or unwanted answer kept above. */
	async retry(): Promise<void> {
		const question = this.session.lastMessage;
		if (this.running !== null || question === null) return;
		await this.draw(question, (signal) => this.session.retry(signal));
	}

	/** Stops the running turn; what arrived stays. */
	stop(): void {
		this.running?.abort();
	}

	/** Draws a turn; returns its answer when it ended as it should (not stopped, not failed). */
	private async draw(
		question: string,
		events: (signal: AbortSignal) => AsyncGenerator<SessionEvent, unknown>,
	): Promise<AssistantMessage | null> {
		const controller = new AbortController();
		this.running = controller;
		// The last turn's error and its Retry go: a new turn has begun.
		this.errorEl.empty();
		this.errorEl.hide();
		this.composer.setBusy(true);
		for (const previous of this.answers) previous.dropRetry();
		const answer = this.newAnswer(question);
		this.errorShown = false;
		try {
			for await (const event of events(controller.signal)) {
				this.handle(answer, event);
				this.scrollToEnd();
			}
		} catch (error) {
			this.showError(describeError(error), true);
		} finally {
			this.running = null;
			this.composer.setBusy(false);
			if (answer.isEmpty && this.errorShown) {
				// Nothing arrived and the banner says why, with its Retry: no empty bubble under it.
				answer.remove();
				this.answers = this.answers.filter((kept) => kept !== answer);
			} else {
				await answer.finish(this.errorShown ? this.withoutRetry : this.answerActions);
			}
			const problem = this.mode?.answered(answer.answer) ?? null;
			if (problem !== null) this.showError(problem, true);
			this.scrollToEnd();
			// A turn may have added to long-term memory.
			this.showOverCap();
		}
		return this.errorShown || controller.signal.aborted || answer.isEmpty ? null : answer;
	}

	private handle(answer: AssistantMessage, event: SessionEvent): void {
		switch (event.type) {
			case "text":
				answer.append(event.text);
				return;
			case "tool-started":
				answer.toolStarted(event.id, event.name, event.input);
				return;
			case "tool-finished":
				answer.toolFinished(event.id, event.result);
				if (event.result.display?.kind === "checkpoint")
					void this.deps.settingsStore.updateState({ lastCheckpoint: event.result.display.checkpoint });
				return;
			case "usage":
				answer.usage(event.turn);
				return;
			case "done": {
				// A stopped or failed turn keeps what it cost (estimated when the API never gave its count); a stopped one says so.
				const { stopReason, usage } = event.result;
				if (stopReason !== "aborted" && stopReason !== "error") return;
				if (usage.total.inputTokens + usage.total.outputTokens > 0) answer.usage(usage);
				if (stopReason === "aborted") answer.markStopped();
				return;
			}
			case "budget-reached":
				new Notice(budgetHitMessage(event.hit, t));
				return;
			case "waiting-for-model":
				answer.waitingForModel();
				return;
			case "tools-off":
				answer.toolsOff(event.retried);
				return;
			case "error":
				if (event.error.kind !== "aborted")
					this.showError(this.errorMessage(event.error), !NOT_RETRIED.includes(event.error.kind));
				return;
			case "memory-flushed":
				if (event.dailyNotePath !== null) showMemoryFlush(answer.el, event.dailyNotePath);
				return;
			case "attachments-refused":
				for (const refusal of event.refused) refused(refusal);
				return;
			case "save-failed":
				new Notice(t("chat.save-failed", { error: describeError(event.error) }));
				return;
			case "checkpoint-suggested":
				// A chat with a purpose of its own (onboarding) has no work to resume: its "bye" is not a moment.
				if (this.mode === null)
					showCheckpointOffer(answer.el, this, event.reason, () => this.offerCheckpoint(event.draft));
				return;
			default:
				return;
		}
	}

	/**
	 * A failed model call in words; a compatible server's failures name the server, not Anthropic.
	 * An unknown model a prompt chose is the prompt's to fix, not the settings'.
	 */
	private errorMessage(error: ModelError): string {
		if (error.kind === "unknown-model" && this.turnModel !== null)
			return t("prompts.unknown-model", { model: this.turnModel });
		return modelErrorMessage(error, t, serverInUse(this.deps.settingsStore));
	}

	private showError(message: string, canRetry: boolean): void {
		this.errorShown = true;
		drawErrorBanner(this.errorEl, this, message, canRetry ? () => void this.retry() : null);
	}

	/**
	 * The welcome's steps follow the key, the model and onboarding as they change. Drawn once the
	 * changes pause: the welcome looks through the whole vault, and a settings field changes at
	 * every keystroke.
	 */
	private welcomeAgain(): void {
		if (this.welcomeTimer !== null) window.clearTimeout(this.welcomeTimer);
		this.welcomeTimer = window.setTimeout(() => {
			this.welcomeTimer = null;
			if (this.listEl.querySelector(".assistant-chat-empty") !== null) this.showEmpty();
		}, WELCOME_REDRAW_MS);
	}

	/** The empty chat: what to ask, and the next step (see `drawWelcome`). */
	private showEmpty(): void {
		const before = this.listEl.querySelector(".assistant-chat-empty");
		before?.remove();
		const empty = this.listEl.createDiv({ cls: "assistant-chat-empty" });
		empty.createDiv({ cls: "assistant-chat-empty-text", text: t("chat.empty") });
		const { settingsStore } = this.deps;
		const settings = settingsStore.settings;
		const layout = layoutOf(settings);
		const welcome = chatWelcome(settingsStore.vaultView(), layout);
		drawWelcome(empty, this, welcome, modelStep(settings, settingsStore.apiKey()), {
			setUp: () => this.deps.onboarding.startConversation(),
			openSettings: () => this.deps.openSettings(),
			stayOffline: () => void settingsStore.updateSettings({ model: OFFLINE_MODEL_ID }),
			ask: (question) => void this.send(question),
		});
		// Drawn again (a setting changed): the questions shown stay until the new ones replace them.
		const questions = before?.querySelector(WELCOME_QUESTIONS);
		if (questions) empty.appendChild(questions);
	}

	private showStale(): void {
		drawStaleBanner(this.staleEl, this, this.home, this.deps.settingsStore.settings.assistantFolder, () =>
			this.newChat(),
		);
	}

	private showOffline(): void {
		this.offlineEl.toggle(this.deps.settingsStore.offline());
	}

	private showResume(checkpoint: Checkpoint | null): void {
		drawResumeBanner(
			this.resumeEl,
			this,
			checkpoint,
			(resumed) => void this.send(t("chat.resume-message"), { resume: resumed, forUser: true }),
		);
	}

	/** The checkpoint form, filled with what the user was doing; saved as the user, and the chat's count starts again. */
	private offerCheckpoint(draft: { readonly doing: string }): void {
		const session = this.session;
		const tools = async () => ({ ...(await this.deps.ports()).tools, actor: "user" as const });
		new CheckpointModal(
			this.app,
			async (input) => {
				if (await saveCheckpoint(this.app, this.deps.settingsStore, tools, input)) session.checkpointSaved();
			},
			draft,
		).open();
	}

	private showOverCap(): void {
		this.deps.overCap
			.showIfOverCap(this.overCapEl, this)
			.catch((error: unknown) => console.error("Assistant Workspace: could not check long-term memory's size.", error));
	}

	private startNewChat(): void {
		this.stop();
		this.mode = null;
		this.session = this.newSession(null);
		this.clearMessages();
		this.showEmpty();
		this.showStale();
		this.showResume(this.deps.settingsStore.state.lastCheckpoint);
	}

	/** A session for a new chat, or one going on from a saved chat's conversation and transcript. */
	private newSession(
		saved: { readonly conversation: readonly ChatMessage[]; readonly transcriptPath: string } | null,
	): ChatSession {
		const mode = this.mode;
		const ports = mode === null ? this.deps.ports : async () => mode.ports(await this.deps.ports());
		const session = new ChatSession(async () => onModel(await ports(), this.turnModel), this.deps.clock);
		if (saved !== null) session.continueChat(saved.conversation, saved.transcriptPath);
		// A reopened chat is one of the current folder's: the history lists that folder's chats.
		this.home = { folder: saved === null ? null : this.deps.settingsStore.settings.assistantFolder };
		return session;
	}

	/** The buttons of an answer that is not the last, or whose retry the error banner offers. */
	private get withoutRetry(): AnswerActions {
		const { copy, insert, save } = this.answerActions;
		return { copy, insert, save };
	}

	private newAnswer(question: string): AssistantMessage {
		const sourcePath = this.app.workspace.getActiveFile()?.path ?? "";
		const drawnAs = (markdown: string) =>
			withResolvedLinks(markdown, sourcePath, this.deps.settingsStore.vaultView(), "as written");
		const answer = new AssistantMessage(this.listEl, this.app, this, sourcePath, this.chipActions, question, drawnAs);
		this.answers.push(answer);
		return answer;
	}

	private clearMessages(): void {
		for (const answer of this.answers) answer.dispose();
		this.answers = [];
		this.listEl.empty();
		this.errorEl.hide();
	}

	/** The chat's transcript was renamed (from the history or the file explorer): its next turns go to the new name. */
	private transcriptRenamed(oldPath: string, path: string): void {
		if (oldPath === this.session.transcriptPath) this.session.transcriptMoved(path);
	}

	private async copy(text: string): Promise<void> {
		await navigator.clipboard.writeText(text);
		new Notice(t("chat.copied"));
	}

	private scrollToEnd(): void {
		this.listEl.scrollTop = this.listEl.scrollHeight;
	}
}

/** What the model still needs, for the welcome: a server's model to be chosen, or Anthropic's key (unless offline was chosen). */
function modelStep(settings: Settings, apiKey: string): ModelStep {
	if (settings.modelProvider === "compatible") return settings.serverModel === "" ? "choose-server-model" : null;
	return apiKey === "" && settings.model !== OFFLINE_MODEL_ID ? "add-key" : null;
}
