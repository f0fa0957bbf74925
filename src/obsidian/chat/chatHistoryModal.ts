import { Notice, prepareFuzzySearch, setIcon, SuggestModal, type App, type TFile } from "obsidian";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { formatTime } from "../localeFormat";
import { listChats, renameChat, trashChat, type ChatEntry } from "./chatHistory";
import { RenameChatModal } from "./renameChatModal";

/**
 * The chat history: past chats from the transcripts, the newest first, filtered as the user
 * types. Choosing one reopens it; each row can rename its chat or delete it to the trash. Each
 * action is a labelled button (an icon alone may not show, and says nothing to a screen reader);
 * the first click on delete says, in the button itself, that a second one moves the chat to the
 * trash, and a notice confirms it did.
 */
export class ChatHistoryModal extends SuggestModal<ChatEntry> {
	private chats: ChatEntry[];

	constructor(
		app: App,
		private readonly chatsFolder: string,
		private readonly reopen: (file: TFile) => void,
	) {
		super(app);
		this.chats = listChats(app, chatsFolder);
		this.setPlaceholder(t("chat.history.placeholder"));
		this.emptyStateText = t("chat.history.empty");
	}

	getSuggestions(query: string): ChatEntry[] {
		if (query.trim() === "") return this.chats;
		const match = prepareFuzzySearch(query);
		return this.chats
			.flatMap((chat) => {
				const found = match(chat.title);
				return found === null ? [] : [{ chat, score: found.score }];
			})
			.sort((a, b) => b.score - a.score)
			.map(({ chat }) => chat);
	}

	renderSuggestion(chat: ChatEntry, el: HTMLElement): void {
		el.addClass("mod-complex", "assistant-chat-history-item");
		const content = el.createDiv("suggestion-content");
		content.createDiv({ cls: "suggestion-title", text: chat.title });
		content.createDiv({ cls: "suggestion-note", text: formatTime(new Date(chat.started)) });
		const aux = el.createDiv("suggestion-aux");
		this.rowButton(aux, "pencil", t("chat.history.rename"), "assistant-chat-history-rename", () =>
			this.askRename(chat),
		);
		const remove = this.rowButton(aux, "trash-2", t("chat.history.delete"), "assistant-chat-history-delete", () => {
			if (!remove.hasClass("mod-warning")) {
				remove.addClass("mod-warning");
				remove.setAttr("aria-label", t("chat.history.delete-confirm"));
				remove.querySelector(".assistant-chat-history-label")?.setText(t("chat.history.delete-again"));
				return;
			}
			void this.act(async () => {
				await trashChat(this.app, chat.file);
				new Notice(t("chat.history.deleted", { title: chat.title }));
			});
		});
	}

	onChooseSuggestion(chat: ChatEntry): void {
		this.reopen(chat.file);
	}

	/** A button in a row, which acts without choosing the row. */
	private rowButton(parent: HTMLElement, icon: string, label: string, cls: string, onClick: () => void): HTMLElement {
		const button = parent.createEl("button", { cls: `clickable-icon ${cls}`, attr: { "aria-label": label } });
		setIcon(button.createSpan({ cls: "assistant-chat-history-icon" }), icon);
		button.createSpan({ cls: "assistant-chat-history-label", text: label });
		button.addEventListener("click", (event) => {
			event.preventDefault();
			event.stopPropagation();
			onClick();
		});
		return button;
	}

	private askRename(chat: ChatEntry): void {
		new RenameChatModal(this.app, chat.title, (title) => this.act(() => renameChat(this.app, chat.file, title))).open();
	}

	/** Renames or deletes, then lists the chats again, as they now are. */
	private async act(change: () => Promise<unknown>): Promise<void> {
		try {
			await change();
		} catch (error) {
			new Notice(t("chat.history.failed", { error: describeError(error) }));
		}
		this.chats = listChats(this.app, this.chatsFolder);
		this.inputEl.dispatchEvent(new Event("input"));
	}
}
