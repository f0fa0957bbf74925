import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { assistantFolderTarget, type DailyTarget } from "../../src/core/memory/daily";
import {
	DAILY_NOTES_DEFAULT_FORMAT,
	DAILY_NOTES_HEADING,
	dailyTemplateFile,
	fillDailyNoteTemplate,
} from "../../src/core/memory/dailyNote";
import { joinVaultPath, normalizeVaultPath } from "../../src/core/vault/paths";
import type { VaultView } from "../../src/core/vault/vaultView";
import type { WorkspaceLayout } from "../../src/core/workspace/layout";
import { dayOf, formatDay, UnsupportedFormatError } from "./dateFormat";

/** The core Daily notes plugin's options the daily note's place and content come from; `""` when unset. */
export interface DailyNotesOptions {
	readonly folder: string;
	readonly format: string;
	readonly template: string;
}

/** Obsidian's configuration files are small; anything larger is not one. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** A configuration file that could not be read as Obsidian writes it: where the user's daily notes are is unknown. */
export class DailyNotesConfigError extends Error {}

/**
 * The core Daily notes plugin's options as Obsidian hands them to the plugin
 * (`corePluginOptions`): those of `<configDir>/daily-notes.json` while the core plugin is on, none
 * while it is off, so the plugin and the headless host name the same note for a day. The core
 * plugin is on when `core-plugins.json` says so (a map of ids to booleans, or a list of the ids
 * on in older versions) or when there is none yet (it is on in a new vault).
 */
export function readDailyNotesOptions(vaultRoot: string, configDir: string): DailyNotesOptions {
	const none = { folder: "", format: "", template: "" };
	const plugins = readConfig(vaultRoot, configDir, "core-plugins.json");
	const enabled =
		plugins === undefined ||
		(Array.isArray(plugins) ? plugins.includes("daily-notes") : isRecord(plugins) && plugins["daily-notes"] === true);
	if (!enabled) return none;
	const options = readConfig(vaultRoot, configDir, "daily-notes.json") ?? {};
	if (!isRecord(options)) throw new DailyNotesConfigError(`${configDir}/daily-notes.json is not an object.`);
	return { folder: text(options.folder), format: text(options.format), template: text(options.template) };
}

/** What makes today's daily memory target: the vault, its settings and a place to say problems. */
export interface DailyTargetSource {
	readonly root: string;
	readonly configDir: string;
	readonly layout: Pick<WorkspaceLayout, "dailyFolder">;
	/** The view the template is read through, so a private template is never copied into a visible note. */
	readonly view: () => Pick<VaultView, "stat">;
	/** The text of a vault note, at once (the template is read while the write is made). */
	readonly readNow: (path: string) => string;
	/** Says a problem in one line (on stderr); called again only for another problem. */
	readonly report: (line: string) => void;
}

/**
 * Daily memory in the user's daily note for `today`, under `## Assistant`, named and filled as the
 * plugin names and fills it in Obsidian. When the Daily notes configuration cannot be read or its
 * date format uses a token the headless host cannot format, the entry goes to the assistant
 * folder's daily note instead, and the problem is said: that loses nothing (the entry is written,
 * audited, searchable, and the tool's answer names the note), where refusing would drop what the
 * client meant to keep, and a guessed name could split the user's day across two notes.
 */
export function userDailyNotesTarget(source: DailyTargetSource, today: string): DailyTarget {
	let options: DailyNotesOptions;
	try {
		options = readDailyNotesOptions(source.root, source.configDir);
		const format = options.format || DAILY_NOTES_DEFAULT_FORMAT;
		const pathFor = (date: string) => joinVaultPath(options.folder, `${formatDay(dayOf(date), format)}.md`);
		// Tried now, so a format that cannot be followed is found before anything is written. A
		// `..` the folder or the date format puts in the path would be refused at every write, and
		// each entry lost with it.
		if (!insideTheVault(pathFor(today)))
			throw new DailyNotesConfigError(
				`the folder or date format in ${source.configDir}/daily-notes.json leads out of the vault.`,
			);
		const day = dayOf(today);
		return {
			pathFor,
			heading: DAILY_NOTES_HEADING,
			// Read when a write creates the day's note, not before: a template edited meanwhile is the one used.
			get template() {
				const template = readTemplate(source, options.template);
				return fillDailyNoteTemplate(template, format, (pattern, placeholder) => {
					try {
						return formatDay(day, pattern);
					} catch (error) {
						if (!(error instanceof UnsupportedFormatError)) throw error;
						// Left as written, rather than the entry being lost with the whole note: the
						// daily note's own name was checked to be one the headless host can make.
						source.report(`${error.message} The daily note template's ${placeholder} is left as it is.`);
						return placeholder;
					}
				});
			},
		};
	} catch (error) {
		if (!(error instanceof DailyNotesConfigError || error instanceof UnsupportedFormatError)) throw error;
		source.report(
			`Daily memory goes to ${source.layout.dailyFolder || "the vault root"} instead of your daily notes: ${error.message}`,
		);
		return assistantFolderTarget(source.layout);
	}
}

/**
 * The template's text; `""` when there is none, it is hidden, or it cannot be read (outside the
 * vault, through a symbolic link): as in Obsidian, the note is then made without it, rather than
 * the entry being lost.
 */
function readTemplate(source: DailyTargetSource, setting: string): string {
	if (setting === "") return "";
	const path = normalizeVaultPath(dailyTemplateFile(setting));
	if (!insideTheVault(path)) {
		source.report(`The daily note template ${path} is outside the vault: daily notes are made without it.`);
		return "";
	}
	try {
		return source.view().stat(path) === null ? "" : source.readNow(path);
	} catch (error) {
		source.report(
			`The daily note template ${path} could not be read (${error instanceof Error ? error.message : String(error)}): daily notes are made without it.`,
		);
		return "";
	}
}

/** Whether a vault path has no `.` or `..` segment, which the vault refuses. */
function insideTheVault(path: string): boolean {
	return !path.split("/").some((segment) => segment === "." || segment === "..");
}

/** A configuration file's JSON; `undefined` when there is none. */
function readConfig(vaultRoot: string, configDir: string, name: string): unknown {
	let fd: number;
	try {
		fd = openSync(join(vaultRoot, configDir, name), "r");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw new DailyNotesConfigError(`${configDir}/${name} could not be read.`);
	}
	let bytes: Buffer;
	try {
		// Looked at before it is read: a vault from elsewhere may hold a huge file or a link to a
		// device (/dev/zero), which reading whole would never end or would fill the memory.
		const stat = fstatSync(fd);
		if (!stat.isFile()) throw new DailyNotesConfigError(`${configDir}/${name} is not a file.`);
		if (stat.size > MAX_CONFIG_BYTES) throw new DailyNotesConfigError(`${configDir}/${name} is too large.`);
		bytes = readFileSync(fd);
	} catch (error) {
		if (error instanceof DailyNotesConfigError) throw error;
		throw new DailyNotesConfigError(`${configDir}/${name} could not be read.`);
	} finally {
		closeSync(fd);
	}
	// Grown since it was looked at.
	if (bytes.length > MAX_CONFIG_BYTES) throw new DailyNotesConfigError(`${configDir}/${name} is too large.`);
	try {
		return JSON.parse(bytes.toString("utf8"));
	} catch {
		throw new DailyNotesConfigError(`${configDir}/${name} is not valid JSON.`);
	}
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A text option, trimmed, as the plugin reads it (`textOption`); `""` when unset or not text. */
function text(value: unknown): string {
	return typeof value === "string" ? value.trim() : "";
}
