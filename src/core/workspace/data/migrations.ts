/**
 * The history of the plugin's `data.json`, oldest first. Each migration is a pure function from
 * one version to the next; loading runs every step from the saved version to the current one.
 *
 * - Version 0, no `schemaVersion`: one flat object. An early build saved its settings this way
 *   (`saveData(settings)`), and the `.assistant/state.json` of the first assistant workspaces
 *   (`{ onboardingComplete, lastCheckInDate }`) has the same shape, so both load.
 * - Version 1: `{ schemaVersion: 1, settings, state }`, with the state still in the words of a
 *   daily check-in: `lastCheckInDate`, `dailyCheckInEnabled`, and
 *   `hookTriggeredSessionId` (a guard against firing twice in one chat session).
 * - Version 2 (current): the check-in became the heartbeat, as the workspaces' own state did in
 *   its version 5. `lastCheckInDate` is now `state.lastHeartbeatDate`; `dailyCheckInEnabled`, a
 *   choice of the user's, is now the setting `heartbeatEnabled`; `hookTriggeredSessionId` is
 *   dropped, since a heartbeat is guarded by its date, not by a chat session.
 *
 * Migrations move and rename values; they never check them. A value of the wrong type is
 * carried along unchanged, so that loading reports it against the field it ends up in and
 * salvages everything else.
 */

import { isRecord, type DataRecord } from "./json";

type Migration = (data: DataRecord) => DataRecord;

/** The settings and state keys of version 1, by which a flat version 0 object is split. */
const V1_SETTINGS_KEYS = [
	"assistantFolder",
	"dailyMemoryLocation",
	"archiveRetentionDays",
	"excludedFolders",
	"excludedTags",
	"language",
];
const V1_STATE_KEYS = ["onboardingComplete", "lastCheckInDate", "dailyCheckInEnabled", "hookTriggeredSessionId"];

function pick(data: DataRecord, keys: readonly string[]): DataRecord {
	return Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, data[key]]));
}

function omit(data: DataRecord, keys: readonly string[]): DataRecord {
	return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key)));
}

/** Version 0 to 1: the flat object is split into settings and state. Unknown keys are dropped. */
function splitSettingsFromState(data: DataRecord): DataRecord {
	return { schemaVersion: 1, settings: pick(data, V1_SETTINGS_KEYS), state: pick(data, V1_STATE_KEYS) };
}

/** Version 1 to 2: the daily check-in becomes the heartbeat. */
function checkInBecomesHeartbeat(data: DataRecord): DataRecord {
	const { settings, state } = data;
	if (!isRecord(state)) return { ...data, schemaVersion: 2 };
	return {
		...data,
		schemaVersion: 2,
		settings: isRecord(settings) ? { ...settings, heartbeatEnabled: state.dailyCheckInEnabled } : settings,
		state: {
			...omit(state, ["lastCheckInDate", "dailyCheckInEnabled", "hookTriggeredSessionId"]),
			lastHeartbeatDate: state.lastCheckInDate,
		},
	};
}

/** `MIGRATIONS[n]` turns version `n` into version `n + 1`. */
const MIGRATIONS: readonly Migration[] = [splitSettingsFromState, checkInBecomesHeartbeat];

/** The version this build writes; every earlier one has a migration to it. */
export const CURRENT_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings data saved at `fromVersion` (0 to current) to the current version. */
export function migrateToCurrent(data: DataRecord, fromVersion: number): DataRecord {
	return MIGRATIONS.slice(fromVersion).reduce((migrated, migration) => migration(migrated), data);
}
