import { Modal, Notice, Platform, type App, type Setting } from "obsidian";
import { MCP_PORT_RANGE } from "../../core/workspace/data/settings";
import { t } from "../../i18n";
import { addConfirmRow } from "../confirmRow";
import { FORM_CLASS } from "../formClass";
import { claudeCodeLine, claudeDesktopConfig, mcpServerUrl } from "../mcp/clientLines";
import type { McpServerController } from "../mcp/mcpServerController";
import { mcpStatusText } from "../mcp/mcpServerStatus";
import { isMcpPort } from "../settingControls";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/**
 * The MCP server: on or off, its port, whether clients may write, how it stands, its token, and
 * the lines that connect Claude Code and Claude Desktop to it, each with a button that copies
 * it. On a phone or tablet, which cannot run the server, only that it is for desktop.
 */
export function mcpSection(context: SettingsContext): SettingsSection {
	const heading = t("settings.mcp.heading");
	if (!Platform.isDesktopApp)
		return {
			type: "group",
			heading,
			items: [{ name: t("settings.mcp.desktop-only.name"), desc: t("settings.mcp.desktop-only.desc") }],
		};
	const { mcpServer, settingsStore } = context;
	const url = () => mcpServerUrl(settingsStore.settings.mcpServerPort);
	return {
		type: "group",
		heading,
		items: [
			{
				name: t("settings.mcp.enabled.name"),
				desc: t("settings.mcp.enabled.desc"),
				aliases: ["Claude Code", "Claude Desktop"],
				control: { type: "toggle", key: "mcpServerEnabled" },
			},
			{
				name: t("settings.mcp.port.name"),
				desc: t("settings.mcp.port.desc"),
				control: {
					type: "number",
					key: "mcpServerPort",
					min: MCP_PORT_RANGE.min,
					max: MCP_PORT_RANGE.max,
					validate: (port) =>
						isMcpPort(port)
							? undefined
							: t("settings.mcp.port.invalid", { min: MCP_PORT_RANGE.min, max: MCP_PORT_RANGE.max }),
				},
			},
			{
				name: t("settings.mcp.writes.name"),
				desc: t("settings.mcp.writes.desc"),
				control: { type: "toggle", key: "mcpServerAllowWrites" },
			},
			{
				name: t("settings.mcp.status.name"),
				searchable: false,
				render: (setting) => following(mcpServer, () => void setting.setDesc(mcpStatusText(mcpServer.status))),
			},
			{
				name: t("settings.mcp.token.name"),
				render: (setting) => tokenRow(setting, context.app, mcpServer),
			},
			{
				name: t("settings.mcp.claude-code.name"),
				render: (setting) =>
					codeRow(setting, mcpServer, t("settings.mcp.claude-code.desc"), (token) => claudeCodeLine(url(), token)),
			},
			{
				name: t("settings.mcp.claude-desktop.name"),
				render: (setting) =>
					codeRow(setting, mcpServer, t("settings.mcp.claude-desktop.desc"), (token) =>
						claudeDesktopConfig(url(), token),
					),
			},
		],
	};
}

/** Draws the row now and after every change of the server; returns what stops it, for when the row goes. */
function following(server: McpServerController, draw: () => void): () => void {
	draw();
	return server.onStatus(draw);
}

function tokenRow(setting: Setting, app: App, server: McpServerController): () => void {
	setting.addButton((button) =>
		button
			.setButtonText(t("settings.mcp.token.regenerate"))
			.setDestructive()
			.onClick(() => new RegenerateTokenModal(app, server).open()),
	);
	return following(server, () => {
		const name = server.token.secretName();
		setting.setDesc(
			server.token.current() === null ? t("settings.mcp.token.none") : t("settings.mcp.token.desc", { name }),
		);
	});
}

/** The row's words, then the line in a code block with a button that copies it; a note instead while there is no token. */
function codeRow(
	setting: Setting,
	server: McpServerController,
	desc: string,
	line: (token: string) => string,
): () => void {
	return following(server, () => {
		const token = server.token.current();
		const parent = setting.descEl;
		parent.empty();
		parent.appendText(desc);
		if (token === null) return void parent.createDiv({ text: t("settings.mcp.token.none") });
		const text = line(token);
		const block = parent.createDiv({ cls: "assistant-mcp-line" });
		block.createEl("pre").createEl("code", { text });
		const copy = block.createEl("button", { text: t("settings.mcp.copy") });
		copy.addEventListener("click", () => {
			navigator.clipboard.writeText(text).then(
				() => new Notice(t("settings.mcp.copied")),
				() => new Notice(t("settings.mcp.copy-failed")),
			);
		});
	});
}

/** Asks before a new token replaces the one clients hold. */
class RegenerateTokenModal extends Modal {
	constructor(
		app: App,
		private readonly server: McpServerController,
	) {
		super(app);
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("settings.mcp.token.confirm-title"));
		this.contentEl.createEl("p", { text: t("settings.mcp.token.confirm-text") });
		addConfirmRow(this, {
			label: t("settings.mcp.token.regenerate"),
			run: async () => {
				this.close();
				await this.server.regenerateToken();
				new Notice(t("settings.mcp.token.regenerated"));
			},
		});
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
