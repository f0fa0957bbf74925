import { isRecord } from "./json";
import { CURRENT_SCHEMA_VERSION, migrateToCurrent } from "./migrations";
import { defaultPluginData, type PluginData } from "./pluginData";
import { salvage, type DataProblem } from "./salvage";
import { defaultSettings, settingsSchema } from "./settings";
import { defaultState, stateSchema } from "./state";

/**
 * The contents of a `data.json` that is not JSON. The adapter passes this instead of a parsed
 * value; a class, because no parsed JSON value can be an instance of one.
 */
export class UnreadableData {
	constructor(readonly text: string) {}
}

export interface LoadedPluginData {
	/** Always usable: the saved data brought to the current version, defaults where it was broken. */
	readonly data: PluginData;
	readonly problems: readonly DataProblem[];
	/**
	 * Whether the file as read must be kept before anything is saved over it (see
	 * `backupFileName`): anything in it was unreadable, invalid or from a newer version.
	 */
	readonly backupNeeded: boolean;
}

/**
 * Reads what the adapter found in `data.json`: `null` or `undefined` when there is no file
 * (a first run), an `UnreadableData` when it is not JSON, otherwise the parsed value. Never
 * throws. Data from a newer version is refused as a whole: its fields may mean something this
 * version does not know, so they are not guessed at.
 */
export function loadPluginData(raw: unknown): LoadedPluginData {
	if (raw === null || raw === undefined) return { data: defaultPluginData(), problems: [], backupNeeded: false };
	if (raw instanceof UnreadableData) return refused({ key: "data.problem.unreadable", params: {} });
	if (!isRecord(raw)) return refused({ key: "data.problem.not-an-object", params: {} });

	// Only a missing version means version 0; `null` or `"2"` is damage, reported below.
	const version = raw.schemaVersion === undefined ? 0 : raw.schemaVersion;
	if (isVersion(version) && version > CURRENT_SCHEMA_VERSION) {
		return refused({
			key: "data.problem.future-version",
			params: { found: version, supported: CURRENT_SCHEMA_VERSION },
		});
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
	const data: PluginData = {
		schemaVersion: CURRENT_SCHEMA_VERSION,
		settings: salvage(settingsSchema, current.settings, defaultSettings(), "settings", problems),
		state: salvage(stateSchema, current.state, defaultState(), "state", problems),
	};
	return { data, problems, backupNeeded: problems.length > 0 };
}

/**
 * The backup's file name, next to `data.json` in the plugin folder, stamped in UTC without
 * colons (which some file systems refuse): `data.json.corrupt-2026-01-31T08-15-00Z.bak`.
 */
export function backupFileName(now: Date): string {
	const stamp = now.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/:/g, "-");
	return `data.json.corrupt-${stamp}.bak`;
}

function isVersion(value: unknown): value is number {
	return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function refused(problem: DataProblem): LoadedPluginData {
	return { data: defaultPluginData(), problems: [problem], backupNeeded: true };
}

/** A short printable form of a bad value, for the message. */
function preview(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
