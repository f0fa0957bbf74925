import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { textModelOver, type TextModel } from "../../src/core/model/textModel";
import type { MemoryDeps } from "../../src/core/memory/memoryDeps";
import type { OrganizeVault } from "../../src/core/organize/organizeVault";
import { normalizeVaultPath } from "../../src/core/vault/paths";
import type { ParsedArgs } from "./args";
import { millisecondsOption, modelClientOf, modelIdOf, nodeDelay, usesOfflineModel } from "./headlessModel";
import type { HeadlessWorkspace } from "./headless";

/**
 * What the capture, organize and weekly commands share over a vault folder: the vault as
 * organizing sees it (with the Templates and Daily notes folders read from the configuration
 * folder, as the plugin reads them from Obsidian), the audited writer, and the model.
 */

/** The organizing view of a headless vault. */
export function organizeVaultOf(headless: HeadlessWorkspace, vaultDir: string): OrganizeVault {
	const { vault, workspace } = headless;
	const dailyNotesFolder = coreSettingFolder(vaultDir, vault.configDir, "daily-notes.json");
	return {
		view: workspace.vault,
		verifiedChangedByMove: (path) => workspace.verifiedChangedByMove(path),
		layout: workspace.layout,
		templatesFolder: coreSettingFolder(vaultDir, vault.configDir, "templates.json"),
		dailyNotesFolder,
	};
}

/** The memory operations' ports over a headless vault: every write audited in the vault's audit trail. */
export function memoryDepsOf(headless: HeadlessWorkspace): MemoryDeps {
	return { vault: headless.workspace.vault, writer: headless.workspace.writer, clock: headless.clock };
}

/**
 * The server `--provider compatible` names, or Claude when `ANTHROPIC_API_KEY` is set and
 * `--offline` is not given; else `null` (the offline rules, which send nothing and so are not
 * refused while the privacy settings await review).
 */
export function textModelOf(args: ParsedArgs, headless: HeadlessWorkspace): TextModel | null {
	if (usesOfflineModel(args)) return null;
	return textModelOver(modelClientOf(args, headless), modelIdOf(args, headless.settings.model), {
		delay: nodeDelay,
		timeLimitMs: millisecondsOption(args, "time-limit"),
	});
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
