import { Component, MarkdownRenderer, type App } from "obsidian";
import type { TurnUsage } from "../../core/agent/loop";
import type { ToolResult } from "../../core/agent/tools";
import type { SavedTurn } from "../../core/agent/transcript";
import { t } from "../../i18n";
import { ToolChip, type ChipActions } from "./toolChip";

/** How often a streaming answer is drawn again, at most: often enough to feel live, rarely enough not to jump. */
export const RENDER_INTERVAL_MS = 100;

export interface AnswerActions {
	/** Only on the last answer, and absent when the error banner above offers the retry: one Retry, not two. */
	readonly retry?: () => void;
	readonly copy: (text: string) => void;
	/** Puts the answer at the cursor of the note the user was editing. */
	readonly insert: (text: string) => void;
	/** Saves the answer as a new note named after `question`. */
	readonly save: (question: string, text: string) => void;
}

/**
 * One answer of the assistant in the message list: its tool chips, its text rendered as
 * Obsidian markdown (so `[[links]]` work) and redrawn at most every `RENDER_INTERVAL_MS` while
 * it streams, then a footer with the turn's tokens and cost, and what can be done with it: copy,
 * insert into a note, save as a note, and retry on the last one.
 */
export class AssistantMessage {
	readonly el: HTMLElement;
	private readonly chipsEl: HTMLElement;
	private readonly bodyEl: HTMLElement;
	private readonly footerEl: HTMLElement;
	private readonly chips = new Map<string, ToolChip>();
	/** "Loading the model…", while a local server loads it and nothing has arrived yet. */
	private loadingEl: HTMLElement | null = null;
	private text = "";
	private rendered: Component | null = null;
	private timer: number | null = null;

	constructor(
		parent: HTMLElement,
		private readonly app: App,
		private readonly owner: Component,
		private readonly sourcePath: string,
		private readonly chipActions: ChipActions,
		/** The user's message this answers, for the name of a note it is saved as. */
		private readonly question: string,
		/**
		 * The answer's markdown as it is drawn: a link or embed of a note the assistant may not read
		 * is its text alone, so a reply that names one (asked to by a planted line) draws nothing of it.
		 */
		private readonly drawnAs: (markdown: string) => string,
	) {
		this.el = parent.createDiv({ cls: "assistant-chat-message is-assistant is-streaming" });
		this.chipsEl = this.el.createDiv({ cls: "assistant-chat-chips" });
		this.bodyEl = this.el.createDiv({ cls: "assistant-chat-body markdown-rendered" });
		this.footerEl = this.el.createDiv({ cls: "assistant-chat-footer" });
	}

	get answer(): string {
		return this.text;
	}

	/** Whether nothing arrived: no text and no tool call (a turn that failed or was stopped at once). */
	get isEmpty(): boolean {
		return this.text.trim() === "" && this.chips.size === 0;
	}

	/** The user stopped the turn: the answer says so, beside its tokens and cost. */
	markStopped(): void {
		this.el.addClass("is-stopped");
		this.footerEl.createSpan({ cls: "assistant-chat-stopped", text: t("chat.stopped") });
	}

	/** Takes an answer that holds nothing out of the list, so no empty bubble stays behind. */
	remove(): void {
		this.dispose();
		this.el.remove();
	}

	/** The server has sent nothing for a while: it is loading the model. Shown until the answer begins. */
	waitingForModel(): void {
		this.loadingEl ??= this.el.createDiv({
			cls: "assistant-chat-loading-model",
			text: t("chat.loading-model"),
			attr: { role: "status" },
		});
	}

	/**
	 * The turn runs without tools, its answer grounded in a search of the notes, and says so above
	 * the answer. `retried`: a try with tools failed first, and what it showed is dropped.
	 */
	toolsOff(retried: boolean): void {
		if (retried) {
			this.text = "";
			this.bodyEl.empty();
			this.chipsEl.empty();
			this.chips.clear();
		}
		if (this.el.querySelector(".assistant-chat-tools-off") !== null) return;
		this.el.prepend(createDiv({ cls: "assistant-chat-tools-off", text: t("chat.tools-off") }));
	}

	append(delta: string): void {
		this.answerBegan();
		this.text += delta;
		this.timer ??= window.setTimeout(() => {
			this.timer = null;
			void this.render();
		}, RENDER_INTERVAL_MS);
	}

	toolStarted(id: string, name: string, input: unknown): void {
		this.answerBegan();
		this.chips.set(id, new ToolChip(this.chipsEl, name, input, this.chipActions));
	}

	toolFinished(id: string, result: ToolResult): void {
		this.chips.get(id)?.finished(result);
	}

	usage(usage: TurnUsage): void {
		const total = usage.total;
		this.showTokens(
			total.inputTokens + total.outputTokens + total.cacheReadTokens + total.cacheWriteTokens,
			usage.costUsd,
			usage.estimated === true,
			usage.local === true,
		);
	}

	/**
	 * An answer read back from its transcript, which keeps its tool calls (not their results), its
	 * text and tokens; `actions.retry` only on the last answer.
	 */
	async restore(turn: SavedTurn, actions: AnswerActions): Promise<void> {
		for (const part of turn.answer) if (part.kind === "tool") ToolChip.saved(this.chipsEl, part.call, this.chipActions);
		this.text = turn.answer.flatMap((part) => (part.kind === "text" ? [part.text] : [])).join("\n\n");
		if (turn.tokens !== null) this.showTokens(turn.tokens.input + turn.tokens.output, null, false);
		await this.finish(actions);
	}

	/** The turn ended: the answer is drawn one last time, with its buttons. */
	async finish(actions: AnswerActions | null): Promise<void> {
		this.answerBegan();
		if (this.timer !== null) window.clearTimeout(this.timer);
		this.timer = null;
		this.el.removeClass("is-streaming");
		await this.render();
		if (actions === null) return;
		const bar = this.footerEl.createDiv({ cls: "assistant-chat-actions" });
		const button = (cls: string, text: string, tooltip: string, onClick: () => void) =>
			this.owner.registerDomEvent(bar.createEl("button", { cls, text, attr: { title: tooltip } }), "click", onClick);
		if (this.text.trim() !== "") {
			button("assistant-chat-copy", t("chat.copy"), t("chat.copy-tooltip"), () => actions.copy(this.text));
			button("assistant-chat-insert", t("chat.insert"), t("chat.insert-tooltip"), () => actions.insert(this.text));
			button("assistant-chat-save-note", t("chat.save-note"), t("chat.save-note-tooltip"), () =>
				actions.save(this.question, this.text),
			);
		}
		const retry = actions.retry;
		if (retry !== undefined) button("assistant-chat-retry", t("chat.retry"), t("chat.retry-tooltip"), () => retry());
	}

	private showTokens(count: number, costUsd: number | null, estimated: boolean, local = false): void {
		this.footerEl.querySelector(".assistant-chat-usage")?.remove();
		const usageEl = this.footerEl.createSpan({
			cls: "assistant-chat-usage",
			text:
				local && count > 0
					? t("chat.usage-local", { tokens: count.toLocaleString() })
					: usageText(count, costUsd, estimated),
		});
		if (estimated) {
			usageEl.addClass("is-estimated");
			usageEl.setAttr("title", t("chat.usage-estimated-tooltip"));
		}
		this.footerEl.prepend(usageEl);
	}

	private answerBegan(): void {
		this.loadingEl?.remove();
		this.loadingEl = null;
	}

	/** Removes Retry, once a newer answer has it. */
	dropRetry(): void {
		this.footerEl.querySelector(".assistant-chat-retry")?.remove();
	}

	/** Stops drawing and lets go of what the markdown renderer attached. */
	dispose(): void {
		if (this.timer !== null) window.clearTimeout(this.timer);
		this.timer = null;
		if (this.rendered !== null) this.owner.removeChild(this.rendered);
		this.rendered = null;
	}

	private async render(): Promise<void> {
		if (this.rendered !== null) this.owner.removeChild(this.rendered);
		const component = this.owner.addChild(new Component());
		this.rendered = component;
		const target = createDiv();
		await MarkdownRenderer.render(this.app, this.drawnAs(this.text), target, this.sourcePath, component);
		if (this.rendered !== component) return;
		this.bodyEl.empty();
		this.bodyEl.append(...Array.from(target.childNodes));
	}
}

/**
 * Tokens and cost of a turn; a turn that sent nothing (the offline model) says so rather than
 * "$0.0000", and one stopped before the API's count says its figures are estimated.
 */
function usageText(count: number, costUsd: number | null, estimated: boolean): string {
	if (count === 0) return t("chat.usage-nothing-sent");
	const tokens = count.toLocaleString();
	if (estimated)
		return costUsd === null
			? t("chat.usage-estimated-no-cost", { tokens })
			: t("chat.usage-estimated", { tokens, cost: costUsd.toFixed(4) });
	return costUsd === null ? t("chat.usage-no-cost", { tokens }) : t("chat.usage", { tokens, cost: costUsd.toFixed(4) });
}
