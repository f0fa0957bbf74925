import { normalizePath, type App, type Plugin } from "obsidian";
import type { AssistantWorkspace } from "../core/assistantWorkspace";
import type { AuditActor } from "../core/audit/record";
import type { TurnPorts } from "../core/agent/session";
import type { WriteToolDeps } from "../core/agent/tools";
import type { MemoryDeps } from "../core/memory/memoryDeps";
import { textModelOver, type TextModel } from "../core/model/textModel";
import type { OrganizeVault } from "../core/organize/organizeVault";
import { corePluginOptions, textOption } from "./privateApi";
import type { SettingsStore } from "./settingsStore";

/** What the palette's commands and the command-line handlers are built over. */
export interface CommandDeps {
	readonly plugin: Plugin;
	readonly settingsStore: SettingsStore;
	/** A turn's ports as things are now: the key and model, the index, the tools' vault, daily memory. */
	readonly ports: () => Promise<TurnPorts>;
}

/** What one command works over when it runs: the workspace, memory and tools writing as its actor, organizing's view, the model. */
export interface CommandContext {
	readonly workspace: AssistantWorkspace;
	/** Every write audited as `actor`, and the text it replaces kept for undo. */
	readonly memory: MemoryDeps;
	/** The chat tools' world with that writer, so a command runs a tool's own code (`checkpoint`). */
	readonly tools: WriteToolDeps;
	readonly organize: OrganizeVault;
	/** `null` without a key or with the offline model: each command then does its offline work. */
	readonly model: TextModel | null;
}

export async function openCommandContext(deps: CommandDeps, actor: AuditActor): Promise<CommandContext> {
	const { settingsStore, plugin } = deps;
	const ports = await deps.ports();
	const workspace = await settingsStore.open();
	const { vault, writer } = workspace;
	return {
		workspace,
		memory: { vault, writer, clock: settingsStore.clock },
		tools: { ...ports.tools, vault, writer, actor },
		organize: {
			view: vault,
			verifiedChangedByMove: (path) => workspace.verifiedChangedByMove(path),
			layout: workspace.layout,
			templatesFolder: corePluginFolder(plugin.app, "templates"),
			dailyNotesFolder: corePluginFolder(plugin.app, "daily-notes"),
		},
		model: textModelOver(ports.model, ports.modelId, { delay: ports.delay }),
	};
}

/** The folder a core plugin (Templates, Daily notes) is set to use; `null` when it is off or unset. */
function corePluginFolder(app: App, id: "templates" | "daily-notes"): string | null {
	const folder = textOption(corePluginOptions(app, id), "folder");
	return folder === "" ? null : normalizePath(folder);
}
