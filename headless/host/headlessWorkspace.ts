import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex, utf8ByteLength } from "../../src/core/audit/hash";
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import { ReceiptLog } from "../../src/core/audit/receiptLog";
import type { Clock } from "../../src/core/ports";
import { systemClock } from "../../src/core/systemClock";
import { LAST_GOOD_FILE_NAME, loadPluginDataFiles, type SavedDataFiles } from "../../src/core/workspace/data/load";
import type { Settings } from "../../src/core/workspace/data/settings";
import { layoutOf } from "../../src/core/workspace/layout";
import type { PluginState } from "../../src/core/workspace/data/state";
import { DiskVault } from "../vault/diskVault";
import type { HostProblem } from "../vault/hostProblems";
import { pluginFolderIn } from "../vault/pluginFolder";
import { t } from "../../src/i18n";
import { assistantFolderTarget, type DailyTarget } from "../../src/core/memory/daily";
import { localToday } from "../../src/core/memory/dailyDates";
import { DailyNotesConfigError, readDailyNotesOptions, userDailyNotesTarget } from "./userDailyNotes";
import { UsageError } from "./usageError";
import { otherConfigFolders } from "./configFolders";
import { DiskLogFile } from "./diskLogFile";

/**
 * How many writes of this process's hosts were saved over and could not be made again: the
 * command line ends in failure when there were any, though it said them written before they were
 * undone. Counted, not set as the process's exit code here: a test runs hosts inside its runner.
 */
let writesLost = 0;

export function writesLostSoFar(): number {
	return writesLost;
}

/** The configuration folder the headless hosts read: Obsidian's default name. */
export const CONFIG_DIR = ".obsidian";

/** Where the plugin keeps its files below a vault folder: `data.json`, the audit trail, the receipts, lock files. */
export const PLUGIN_FOLDER = pluginFolderIn(CONFIG_DIR);

/** The workspace over a vault folder. Every write is on disk when its promise settles. */
export interface HeadlessWorkspace {
	readonly vault: DiskVault;
	readonly workspace: AssistantWorkspace;
	readonly settings: Settings;
	readonly clock: Clock;
	/** The saved privacy settings could not be recovered and nobody has checked them: no model may be asked (see `modelClientOf`). */
	readonly privacyReviewNeeded: boolean;
	/** The plugin's saved state (the last checkpoint), as it was when the workspace was opened. */
	readonly state: PluginState;
	/** What left the host, and where: the plugin's own receipts file, beside the audit trail. */
	readonly receipts: ReceiptLog;
	/**
	 * Reads the private folders and tags from `data.json` again and adds them to those in force
	 * (with `livePrivacy`; nothing otherwise). They only ever grow while the host lives: a folder
	 * the user made private is hidden at the next call, while one made public again, or a
	 * `data.json` that became unreadable meanwhile, hides nothing less until the host restarts.
	 */
	reloadPrivacy(): void;
	/**
	 * Where daily memory goes today, as the settings and the core Daily notes plugin's options say
	 * now: for a host that lives across days and while the user changes those options (the MCP
	 * server). The workspace's own daily memory is where they said when it was opened.
	 */
	dailyTarget(): DailyTarget;
}

export interface HeadlessOptions {
	/** A fixed time (`--now`), so a run can be repeated. */
	readonly now?: string;
	/** Overrides the saved settings' assistant folder (`--folder`). */
	readonly folder?: string;
	/** Private folders and tags added to the saved settings' (`--exclude-folders`, `--exclude-tags`). */
	readonly excludeFolders?: readonly string[];
	readonly excludeTags?: readonly string[];
	/**
	 * For a host that lives on while the user changes the settings in Obsidian (the MCP server):
	 * the view hides by the private folders and tags as `reloadPrivacy` last read them.
	 */
	readonly livePrivacy?: boolean;
}

/**
 * The plugin's core over a vault folder on disk: the same settings the plugin saved there
 * (`<config folder>/plugins/assistant-workspace/data.json`, or its last good copy), the same
 * audit trail file.
 */
export async function openHeadlessWorkspace(
	vaultDir: string,
	options: HeadlessOptions = {},
): Promise<HeadlessWorkspace> {
	if (!existsSync(vaultDir) || !statSync(vaultDir).isDirectory()) {
		throw new UsageError(`No vault folder at ${vaultDir}.`);
	}
	const savedFiles = readSavedFiles(vaultDir);
	// No settings in `.obsidian` but some in another configuration folder: opened as it is, the
	// vault would have none of the private folders and tags the user set there, and a model (or an
	// MCP client) would read what they hide.
	const elsewhere =
		savedFiles.data === null && savedFiles.lastGood === null ? otherConfigFolders(vaultDir, CONFIG_DIR) : [];
	if (elsewhere.length > 0)
		throw new UsageError(
			`The plugin's settings (its private folders and tags) are in ${elsewhere.join(", ")}, not in ${CONFIG_DIR}, which is read here: the vault is not opened without them.`,
		);
	const loaded = loadPluginDataFiles(savedFiles);
	for (const problem of loaded.problems) process.stderr.write(`${t(problem.key, problem.params)}\n`);
	const saved = loaded.data.settings;
	const settings: Settings = {
		...saved,
		assistantFolder: options.folder ?? saved.assistantFolder,
		excludedFolders: [...saved.excludedFolders, ...(options.excludeFolders ?? [])],
		excludedTags: [...saved.excludedTags, ...(options.excludeTags ?? [])],
	};
	const clock = options.now === undefined ? systemClock : fixedClock(options.now);
	// Each problem said once, though a long-lived host lists the folder again (`DiskVault.rescan`)
	// and looks for the user's daily note at every write.
	const said = new Set<string>();
	const sayOnce = (text: string) => {
		if (!said.has(text)) process.stderr.write(`${text}\n`);
		said.add(text);
	};
	const vault = DiskVault.open(vaultDir, {
		configDir: CONFIG_DIR,
		problems: {
			report: (problem) => {
				sayOnce(problemText(problem));
				if (problem.kind === "write-lost") writesLost++;
			},
		},
		// In the trail as the host's own write: the one it makes again was recorded when first made.
		onWrittenAgain: (path, before, after) =>
			workspace.audit.append({
				time: clock.now().toISOString(),
				actor: "assistant",
				action: "process",
				path,
				bytes: utf8ByteLength(after),
				sha256Before: sha256Hex(before),
				sha256After: sha256Hex(after),
				reason: "Written again: another program saved an older copy over it",
			}),
	});
	const auditFile = new DiskLogFile(vault.root, `${PLUGIN_FOLDER}/audit.jsonl`);
	let privacy: Pick<Settings, "excludedFolders" | "excludedTags"> = settings;
	const dailyNotes = settings.dailyMemoryLocation === "daily-notes";
	const dailySource = {
		root: vault.root,
		configDir: CONFIG_DIR,
		layout: layoutOf(settings),
		view: () => workspace.vault,
		readNow: (path: string) => vault.readNow(path),
		report: sayOnce,
	};
	const dailyTarget = () => userDailyNotesTarget(dailySource, localToday(clock));
	const workspace: AssistantWorkspace = new AssistantWorkspace({
		store: vault,
		metadata: vault,
		auditFile,
		clock,
		settings,
		...(dailyNotes && { userDailyNotes: dailyTarget(), dailyNotesFolder: dailyNotesFolderOf(vault.root) }),
		...(options.livePrivacy === true && { privacyNow: () => privacy }),
	});
	const reloadPrivacy = () => {
		if (options.livePrivacy !== true) return;
		const now = loadPluginDataFiles(readSavedFiles(vaultDir)).data.settings;
		const grown = {
			excludedFolders: union(privacy.excludedFolders, now.excludedFolders),
			excludedTags: union(privacy.excludedTags, now.excludedTags),
		};
		const same =
			grown.excludedFolders.length === privacy.excludedFolders.length &&
			grown.excludedTags.length === privacy.excludedTags.length;
		if (!same) privacy = grown;
	};
	return {
		vault,
		workspace,
		settings,
		clock,
		privacyReviewNeeded: loaded.data.state.privacyReviewNeeded,
		state: loaded.data.state,
		receipts: new ReceiptLog(new DiskLogFile(vault.root, `${PLUGIN_FOLDER}/receipts.jsonl`), clock),
		reloadPrivacy,
		dailyTarget: () => (dailyNotes ? dailyTarget() : assistantFolderTarget(workspace.layout)),
	};
}

/** The Daily notes plugin's folder, whose notes count as daily memory; none when its options cannot be read. */
function dailyNotesFolderOf(vaultRoot: string): string | undefined {
	try {
		return readDailyNotesOptions(vaultRoot, CONFIG_DIR).folder;
	} catch (error) {
		if (error instanceof DailyNotesConfigError) return undefined;
		throw error;
	}
}

function union(known: readonly string[], more: readonly string[]): string[] {
	return [...known, ...more.filter((item) => !known.includes(item))];
}

function problemText(problem: HostProblem): string {
	switch (problem.kind) {
		case "not-utf8-name":
			return t("host.skipped-name", { name: problem.name });
		case "unreadable-metadata":
			return t("host.unreadable-metadata", { path: problem.path });
		case "write-lost":
			return problem.error === null
				? t("host.write-lost", { path: problem.path, count: problem.savedOver })
				: t("host.write-lost-error", { path: problem.path, error: problem.error });
	}
}

/**
 * The texts of `data.json` and of its last good copy in the vault's plugin folder, as
 * `loadPluginDataFiles` takes them (`null` for a file that is not there). A copy interrupted
 * between its write and its rename is read from its temporary file.
 */
export function readSavedFiles(vaultDir: string): SavedDataFiles {
	const folder = join(vaultDir, PLUGIN_FOLDER);
	const lastGood = join(folder, LAST_GOOD_FILE_NAME);
	return {
		data: readIfThere(join(folder, "data.json")),
		lastGood: readIfThere(lastGood) ?? readIfThere(`${lastGood}.tmp`),
	};
}

function readIfThere(path: string): string | null {
	return existsSync(path) ? readFileSync(path, "utf8") : null;
}

export function fixedClock(iso: string): Clock {
	const time = new Date(iso);
	if (Number.isNaN(time.getTime())) throw new UsageError(`--now is not a date and time: ${iso}`);
	return { now: () => new Date(time) };
}
