import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { textModelOver, type TextModel } from "../../src/core/memory/textModel";
import type { MemoryDeps } from "../../src/core/memory/memoryDeps";
import type { OrganizeVault } from "../../src/core/organize/organizeVault";
import { indexPolicyFor } from "../../src/core/retrieval";
import { normalizeVaultPath } from "../../src/core/vault/paths";
import type { ParsedArgs } from "./args";
import { modelClientOf, usesOfflineModel } from "./headlessModel";
import { auditedWriterOf, type HeadlessWorkspace } from "./headless";

/**
 * What the capture, organize and weekly commands share over a vault folder: the vault as
 * organizing sees it (with the Templates and Daily notes folders read from the configuration
 * folder, as the plugin reads them from Obsidian), the audited writer, and the model.
 */

/** The organizing view of a headless vault. */
export function organizeVaultOf(headless: HeadlessWorkspace, vaultDir: string): OrganizeVault & { readonly store: HeadlessWorkspace["disk"]["vault"] } {
	const { disk, workspace, settings } = headless;
	const dailyNotesFolder = coreSettingFolder(vaultDir, disk.vault.configDir, "daily-notes.json");
	return {
		store: disk.vault,
		metadata: disk.vault,
		layout: workspace.layout,
		policy: indexPolicyFor(workspace.layout, {
			configDir: disk.vault.configDir,
			excludedFolders: settings.excludedFolders,
			excludedTags: settings.excludedTags,
		}),
		templatesFolder: coreSettingFolder(vaultDir, disk.vault.configDir, "templates.json"),
		dailyNotesFolder,
	};
}

/** The memory operations' ports over a headless vault: every write audited in the vault's audit trail. */
export function memoryDepsOf(headless: HeadlessWorkspace): MemoryDeps {
	return { store: headless.disk.vault, writer: auditedWriterOf(headless), clock: headless.clock };
}

/**
 * Claude when `ANTHROPIC_API_KEY` is set and `--offline` is not given; else `null` (the offline
 * rules, which send nothing and so are not refused while the privacy settings await review).
 */
export function textModelOf(args: ParsedArgs, headless: HeadlessWorkspace): TextModel | null {
	if (usesOfflineModel(args)) return null;
	return textModelOver(modelClientOf(args, headless), args.options.get("model") ?? headless.settings.model);
}

/** The `folder` of a core plugin's settings file (`templates.json`, `daily-notes.json`), `null` when unset. */
function coreSettingFolder(vaultDir: string, configDir: string, file: string): string | null {
	const path = join(vaultDir, configDir, file);
	if (!existsSync(path)) return null;
	try {
		const folder = (JSON.parse(readFileSync(path, "utf8")) as { folder?: unknown }).folder;
		return typeof folder === "string" && folder.trim() !== "" ? normalizeVaultPath(folder) : null;
	} catch {
		return null;
	}
}
