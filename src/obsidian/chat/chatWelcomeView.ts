import type { Component } from "obsidian";
import type { ChatWelcome } from "../../core/agent/welcome/chatWelcome";
import { t } from "../../i18n";

/** What the welcome's buttons do. */
export interface WelcomeActions {
	/** Starts onboarding. */
	readonly setUp: () => void;
	/** Opens the plugin's settings, where the key and the model come first. */
	readonly openSettings: () => void;
	/** Keeps answering from the notes alone, and stops asking for a key. */
	readonly stayOffline: () => void;
	/** Sends `question` as the user's message. */
	readonly ask: (question: string) => void;
}

/** The class of the welcome's example questions. */
const QUESTIONS_CLASS = "assistant-chat-welcome-questions";
/** The welcome's example questions, as a selector. */
export const WELCOME_QUESTIONS = `.${QUESTIONS_CLASS}`;

/**
 * What the model still needs before the chat can use it: Anthropic's key (or the choice to stay
 * offline), or the model a compatible server is to run.
 */
export type ModelStep = "add-key" | "choose-server-model" | null;

/**
 * The empty chat: what it can do, then the next step: set the assistant up while it has no
 * identity, add a key or stay offline while there is none (choose the server's model while none
 * is chosen), and questions about the user's own recent notes, each a button that asks it,
 * drawn a task later.
 */
export function drawWelcome(
	parent: HTMLElement,
	owner: Component,
	welcome: ChatWelcome,
	modelStep: ModelStep,
	actions: WelcomeActions,
): void {
	const steps = parent.createDiv({ cls: "assistant-chat-welcome-steps" });
	const button = (within: HTMLElement, cls: string, text: string, tooltip: string, onClick: () => void) => {
		const el = within.createEl("button", { cls, text, attr: { title: tooltip } });
		owner.registerDomEvent(el, "click", onClick);
		return el;
	};
	if (welcome.needsSetup) {
		const row = steps.createDiv({ cls: "assistant-chat-welcome-setup" });
		row.createSpan({ text: t("chat.welcome.setup-text") });
		button(row, "mod-cta", t("chat.welcome.setup"), t("chat.welcome.setup-tooltip"), actions.setUp);
	}
	const cta = welcome.needsSetup ? "" : "mod-cta";
	if (modelStep === "choose-server-model") {
		const row = steps.createDiv({ cls: "assistant-chat-welcome-key" });
		row.createSpan({ text: t("chat.welcome.server-model-text") });
		button(row, cta, t("chat.welcome.server-model"), t("chat.welcome.add-key-tooltip"), actions.openSettings);
	}
	if (modelStep === "add-key") {
		const row = steps.createDiv({ cls: "assistant-chat-welcome-key" });
		row.createSpan({ text: t("chat.welcome.key-text") });
		button(row, cta, t("chat.welcome.add-key"), t("chat.welcome.add-key-tooltip"), actions.openSettings);
		button(row, "", t("chat.welcome.stay-offline"), t("chat.welcome.stay-offline-tooltip"), () => {
			row.remove();
			actions.stayOffline();
		});
	}
	// The topics look through the vault's listing: a task of their own, once the pane has been drawn.
	window.setTimeout(() => {
		// A welcome drawn again, or a pane closed, since.
		if (!parent.isConnected) return;
		const topics = welcome.topics();
		// Those of the welcome this one replaced, kept until now.
		parent.querySelector(`:scope > ${WELCOME_QUESTIONS}`)?.remove();
		if (topics.length === 0) return;
		const questions = parent.createDiv({ cls: QUESTIONS_CLASS });
		questions.createDiv({ cls: "assistant-chat-welcome-label", text: t("chat.welcome.questions") });
		for (const topic of topics) {
			const question = t("chat.welcome.question", { topic });
			button(questions, "assistant-chat-welcome-question", question, t("chat.welcome.question-tooltip"), () =>
				actions.ask(question),
			);
		}
	}, 0);
}
