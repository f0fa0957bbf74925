import type { Component } from "obsidian";
import { t } from "../../i18n";
import { formatCount } from "../localeFormat";
import type { SettingsStore } from "../settingsStore";

/**
 * The chat's gentle word that long-term memory has outgrown hot memory's cap: past it,
 * the chat sees only a view of `memory.md`. One line with a button that runs "Consolidate
 * long-term memory", which proposes and never writes without approval. Once per session of the
 * plugin, whichever chat pane shows it, so that it never nags; the heartbeat's notice is apart.
 */
export class OverCapNotice {
	private shown = false;

	constructor(
		private readonly settingsStore: SettingsStore,
		private readonly consolidate: () => void,
	) {}

	/** Fills `el` with the line when memory is over the cap and the line was not shown yet; `view` holds its listeners. */
	async showIfOverCap(el: HTMLElement, view: Component): Promise<void> {
		if (this.shown) return;
		const workspace = await this.settingsStore.open();
		const size = await workspace.hotMemoryOverCap();
		if (size === null || this.shown) return;
		this.shown = true;
		el.empty();
		el.createSpan({
			text: t("chat.over-cap", { tokens: formatCount(size.tokens), cap: formatCount(workspace.hotMemoryCapTokens) }),
		});
		const consolidate = el.createEl("button", {
			cls: "assistant-chat-over-cap-consolidate",
			text: t("chat.over-cap.consolidate"),
		});
		view.registerDomEvent(consolidate, "click", () => {
			el.hide();
			this.consolidate();
		});
		const dismiss = el.createEl("button", { cls: "assistant-chat-over-cap-dismiss", text: t("chat.dismiss") });
		view.registerDomEvent(dismiss, "click", () => el.hide());
		el.show();
	}
}
