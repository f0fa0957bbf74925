import type { MessageKey } from "../../../i18n";
import { readDataText, type DataText } from "./dataText";
import { isRecord } from "./json";
import { CURRENT_SCHEMA_VERSION, migrateToCurrent } from "./migrations";
import { defaultPluginData, type PluginData } from "./pluginData";
import { guardMcpServer, withMcpServerOff } from "./mcpServerGuard";
import { guardPrivacy } from "./privacy";
import { salvage, type DataProblem } from "./salvage";
import { settingsSchema } from "./settings";
import { stateSchema } from "./state";

export interface LoadedPluginData {
	/**
	 * Always usable: the saved data brought to the current version, the last good copy's values
	 * (else defaults) where it was broken. Its `state.privacyReviewNeeded` tells whether the
	 * privacy settings are known to be the user's.
	 */
	readonly data: PluginData;
	readonly problems: readonly DataProblem[];
	/**
	 * Whether the file as read must be kept before anything is saved over it (see
	 * `backupFileName`): anything in it was unreadable, invalid, repaired or from a newer version.
	 */
	readonly backupNeeded: boolean;
}

/** The texts of `data.json` and of its last good copy (see `LAST_GOOD_FILE_NAME`), `null` for a file that is not there. */
export interface SavedDataFiles {
	readonly data: string | null;
	readonly lastGood: string | null;
}

/** The copy of `data.json` that every successful save also writes, beside it in the plugin folder. */
export const LAST_GOOD_FILE_NAME = "data.json.last-good";

const REFUSALS: Readonly<Record<Exclude<DataText, { ok: true }>["reason"], MessageKey>> = {
	empty: "data.problem.empty",
	"not-json": "data.problem.unreadable",
	"two-objects": "data.problem.two-objects",
	"duplicate-key": "data.problem.duplicate-key",
};

/**
 * Reads the plugin's data from the texts an adapter found. Never throws. Where `data.json` cannot
 * be read or a value in it cannot be salvaged, its last good copy stands in (whole, or field by
 * field); a last good copy is trusted only when it loads without a single problem, since it is
 * this plugin's own output. With no `data.json` but a last good copy, the copy is used: a file
 * that went missing is not a first run.
 */
export function loadPluginDataFiles(files: SavedDataFiles): LoadedPluginData {
	const lastGood = files.lastGood === null ? null : trustedLastGood(files.lastGood);
	if (files.data === null) {
		if (lastGood !== null)
			return {
				data: { ...lastGood, settings: withMcpServerOff(lastGood.settings) },
				problems: [{ key: "data.problem.missing-last-good-used", params: {} }],
				backupNeeded: false,
			};
		if (files.lastGood === null) return loadPluginData(null);
		// Settings were saved once (the copy is there), so this is no first run.
		return refused({ key: "data.problem.missing-last-good-unreadable", params: {} }, null);
	}
	const read = readDataText(files.data);
	if (!read.ok) return refused({ key: REFUSALS[read.reason], params: {} }, lastGood);
	// `null` as the whole file would read as a first run's "no data"; it is damage.
	if (read.value === null) return refused({ key: "data.problem.not-an-object", params: {} }, lastGood);
	const loaded = loadPluginData(read.value, lastGood);
	if (!read.repaired) return loaded;
	return {
		...loaded,
		problems: [{ key: "data.problem.repaired", params: {} }, ...loaded.problems],
		backupNeeded: true,
	};
}

/**
 * Reads a parsed `data.json`: `null` or `undefined` when there is no file (a first run),
 * otherwise the parsed value; `lastGood`, the last good copy's data when there is one. Never
 * throws. Data from a newer version is refused as a whole: its fields may mean something this
 * version does not know, so they are not guessed at.
 */
export function loadPluginData(raw: unknown, lastGood: PluginData | null = null): LoadedPluginData {
	if (raw === null || raw === undefined) return { data: defaultPluginData(), problems: [], backupNeeded: false };
	if (!isRecord(raw)) return refused({ key: "data.problem.not-an-object", params: {} }, lastGood);

	// Only a missing version means version 0; `null` or `"2"` is damage, reported below.
	const version = raw.schemaVersion === undefined ? 0 : raw.schemaVersion;
	if (isVersion(version) && version > CURRENT_SCHEMA_VERSION) {
		return refused(
			{ key: "data.problem.future-version", params: { found: version, supported: CURRENT_SCHEMA_VERSION } },
			lastGood,
		);
	}
	const problems: DataProblem[] = [];
	let current = raw;
	if (isVersion(version)) {
		current = migrateToCurrent(raw, version);
	} else {
		// With an invalid version there is no telling which migrations apply; the data is read as
		// the current shape, which keeps whatever still fits.
		problems.push({ key: "data.problem.bad-version", params: { found: preview(version) } });
	}
	const fallback = lastGood ?? defaultPluginData();
	const source = lastGood === null ? "defaults" : "last-good";
	const salvaged: PluginData = {
		schemaVersion: CURRENT_SCHEMA_VERSION,
		settings: salvage(settingsSchema, current.settings, { values: fallback.settings, source }, "settings", problems),
		state: salvage(stateSchema, current.state, { values: fallback.state, source }, "state", problems),
	};
	// A version 0 file is flat; one with the later sections but no version has lost its version.
	const flat = version === 0 && !("settings" in raw) && !("state" in raw);
	const guarded = guardPrivacy({ record: current, savedWhole: !flat }, salvaged, lastGood, problems);
	const data = { ...guarded, settings: guardMcpServer(current, guarded.settings) };
	return { data, problems, backupNeeded: problems.length > 0 };
}

function trustedLastGood(text: string): PluginData | null {
	const read = readDataText(text);
	if (!read.ok || read.repaired || !isRecord(read.value)) return null;
	const loaded = loadPluginData(read.value);
	return loaded.problems.length === 0 ? loaded.data : null;
}

/**
 * A file that is not read at all: the last good copy stands in for it whole, the MCP server off
 * (see `guardMcpServer`), or, with none, the defaults with the privacy review flag set, since
 * nothing says what the user had hidden.
 */
function refused(problem: DataProblem, lastGood: PluginData | null): LoadedPluginData {
	if (lastGood !== null)
		return {
			data: { ...lastGood, settings: withMcpServerOff(lastGood.settings) },
			problems: [problem, { key: "data.problem.last-good-used", params: {} }],
			backupNeeded: true,
		};
	const defaults = defaultPluginData();
	return {
		data: { ...defaults, state: { ...defaults.state, privacyReviewNeeded: true } },
		problems: [problem],
		backupNeeded: true,
	};
}

/**
 * The backup's file name, next to `data.json` in the plugin folder, stamped in UTC without
 * colons (which some file systems refuse): `data.json.corrupt-2026-01-31T08-15-00Z.bak`.
 */
export function backupFileName(now: Date): string {
	const stamp = now
		.toISOString()
		.replace(/\.\d{3}Z$/, "Z")
		.replace(/:/g, "-");
	return `data.json.corrupt-${stamp}.bak`;
}

function isVersion(value: unknown): value is number {
	return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** A short printable form of a bad value, for the message. */
function preview(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
