import { ItemView, Notice, type WorkspaceLeaf } from "obsidian";
import { ChatSession, type SessionEvent } from "../../core/agent/session";
import type { Checkpoint } from "../../core/workspace/data/state";
import { t } from "../../i18n";
import { modelErrorMessage, OFFLINE_MODEL_ID } from "../../llm";
import { describeError } from "../describeError";
import { AssistantMessage } from "./assistantMessage";
import { ChatComposer } from "./chatComposer";
import type { ChatViewDeps } from "./chatViewDeps";

export const CHAT_VIEW_TYPE = "assistant-workspace-chat";
export const CHAT_ICON = "message-square";

/**
 * The chat pane, in the right sidebar: the offline label and the resume banner above, the
 * messages, an error banner, then the composer. It holds one `ChatSession`; each message runs a
 * turn of it, whose events it draws as they come.
 */
export class ChatView extends ItemView {
	private readonly session: ChatSession;
	private offlineEl!: HTMLElement;
	private resumeEl!: HTMLElement;
	private listEl!: HTMLElement;
	private errorEl!: HTMLElement;
	private composer!: ChatComposer;
	private answers: AssistantMessage[] = [];
	private running: AbortController | null = null;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly deps: ChatViewDeps,
	) {
		super(leaf);
		this.icon = CHAT_ICON;
		this.session = new ChatSession(() => deps.ports(), deps.clock);
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

	protected override async onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass("assistant-chat");
		this.addAction("plus", t("chat.new"), () => this.newChat());
		this.offlineEl = root.createDiv({ cls: "assistant-chat-offline", text: t("chat.offline") });
		this.resumeEl = root.createDiv({ cls: "assistant-chat-resume" });
		this.listEl = root.createDiv({ cls: "assistant-chat-messages" });
		this.listEl.createDiv({ cls: "assistant-chat-empty", text: t("chat.empty") });
		this.errorEl = root.createDiv({ cls: "assistant-chat-error" });
		this.errorEl.hide();
		this.composer = new ChatComposer(root.createDiv({ cls: "assistant-chat-composer" }), this, {
			send: (text) => void this.send(text),
			stop: () => this.stop(),
		});
		this.registerDomEvent(this.containerEl, "keydown", (event) => {
			if (event.key === "Escape" && this.running !== null) {
				event.preventDefault();
				this.stop();
			}
		});
		this.registerDomEvent(this.listEl, "click", (event) => this.followLink(event));
		this.register(this.deps.controller.onSettingsChange(() => this.showOffline()));
		this.showOffline();
		this.showResume(this.deps.controller.state.lastCheckpoint);
	}

	protected override async onClose(): Promise<void> {
		this.stop();
		for (const answer of this.answers) answer.dispose();
		this.answers = [];
	}

	/** Forgets the conversation (the transcript stays) and offers to resume from the last checkpoint. */
	newChat(): void {
		this.stop();
		this.session.newChat();
		for (const answer of this.answers) answer.dispose();
		this.answers = [];
		this.listEl.empty();
		this.listEl.createDiv({ cls: "assistant-chat-empty", text: t("chat.empty") });
		this.errorEl.hide();
		this.showResume(this.deps.controller.state.lastCheckpoint);
		this.composer.focus();
	}

	/** Sends `text` as the user's message and draws the turn. */
	async send(text: string): Promise<void> {
		const message = text.trim();
		if (message === "" || this.running !== null) return;
		this.listEl.querySelector(".assistant-chat-empty")?.remove();
		this.resumeEl.hide();
		this.listEl.createDiv({ cls: "assistant-chat-message is-user", text: message });
		const currentNotePath = this.composer.includeCurrentNote ? (this.app.workspace.getActiveFile()?.path ?? null) : null;
		await this.draw((signal) => this.session.send(message, { currentNotePath }, signal));
	}

	/** Sends the last message again, its failed or unwanted answer kept above. */
	async retry(): Promise<void> {
		if (this.running !== null || !this.session.canRetry) return;
		await this.draw((signal) => this.retryEvents(signal));
	}

	/** Stops the running turn; what arrived stays. */
	stop(): void {
		this.running?.abort();
	}

	private async *retryEvents(signal: AbortSignal): AsyncGenerator<SessionEvent> {
		yield* this.session.retry(signal);
	}

	private async draw(events: (signal: AbortSignal) => AsyncGenerator<SessionEvent, unknown>): Promise<void> {
		const controller = new AbortController();
		this.running = controller;
		this.errorEl.hide();
		this.composer.setBusy(true);
		for (const previous of this.answers) previous.dropActions();
		const answer = new AssistantMessage(this.listEl, this.app, this, this.app.workspace.getActiveFile()?.path ?? "");
		this.answers.push(answer);
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
			await answer.finish({ retry: () => void this.retry(), copy: (text) => void this.copy(text) });
			this.scrollToEnd();
		}
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
				if (event.result.display?.kind === "checkpoint") void this.deps.controller.updateState({ lastCheckpoint: event.result.display.checkpoint });
				return;
			case "usage":
				answer.usage(event.turn);
				return;
			case "error":
				if (event.error.kind !== "aborted") this.showError(modelErrorMessage(event.error, t), event.error.kind !== "invalid-key");
				return;
			case "save-failed":
				new Notice(t("chat.save-failed", { error: describeError(event.error) }));
				return;
			default:
				return;
		}
	}

	private showError(message: string, canRetry: boolean): void {
		this.errorEl.empty();
		this.errorEl.createSpan({ cls: "assistant-chat-error-text", text: message });
		if (canRetry) {
			const button = this.errorEl.createEl("button", { cls: "assistant-chat-error-retry", text: t("chat.retry") });
			this.registerDomEvent(button, "click", () => void this.retry());
		}
		this.errorEl.show();
	}

	private showOffline(): void {
		const controller = this.deps.controller;
		this.offlineEl.toggle(controller.apiKey() === "" || controller.settings.model === OFFLINE_MODEL_ID);
	}

	private showResume(checkpoint: Checkpoint | null): void {
		this.resumeEl.empty();
		if (checkpoint === null) {
			this.resumeEl.hide();
			return;
		}
		this.resumeEl.createSpan({ text: t("chat.resume", { doing: checkpoint.doing, next: checkpoint.nextAction }) });
		const dismiss = this.resumeEl.createEl("button", { cls: "assistant-chat-resume-dismiss", text: t("chat.dismiss") });
		this.registerDomEvent(dismiss, "click", () => this.resumeEl.hide());
		this.resumeEl.show();
	}

	/** A `[[link]]` in an answer opens its note, as links do in a note. */
	private followLink(event: MouseEvent): void {
		const target = event.target instanceof HTMLElement ? event.target.closest("a.internal-link") : null;
		const href = target?.getAttribute("data-href") ?? target?.getAttribute("href");
		if (target === null || href === null || href === undefined) return;
		event.preventDefault();
		void this.app.workspace.openLinkText(href, "", event.ctrlKey || event.metaKey);
	}

	private async copy(text: string): Promise<void> {
		await navigator.clipboard.writeText(text);
		new Notice(t("chat.copied"));
	}

	private scrollToEnd(): void {
		this.listEl.scrollTop = this.listEl.scrollHeight;
	}
}
