import * as z from "zod/mini";
import { isRecord, type DataRecord } from "./json";
import { settingsSchema, type Settings } from "./settings";

/** The settings of the MCP server, which opens the vault's memory to other programs of this computer. */
export const MCP_SERVER_SETTINGS = [
	"mcpServerEnabled",
	"mcpServerPort",
	"mcpServerAllowWrites",
	"mcpServerTokenSecret",
] as const;

/**
 * Salvaging gives a broken value its last good copy's (a sync conflict, a hand edit gone wrong),
 * and a server left on, or writing, by a copy the user never chose again is the wrong way to
 * fail. So the server is on, and writes, only when the saved file says so itself, with every one
 * of its settings readable; otherwise it stays off and read-only until the user turns it on.
 */
export function guardMcpServer(record: DataRecord, salvaged: Settings): Settings {
	const saved = isRecord(record.settings) ? record.settings : {};
	const readable = MCP_SERVER_SETTINGS.every(
		(field) => saved[field] === undefined || z.safeParse(settingsSchema.shape[field], saved[field]).success,
	);
	return {
		...salvaged,
		mcpServerEnabled: readable && saved.mcpServerEnabled === true,
		mcpServerAllowWrites: readable && saved.mcpServerAllowWrites === true,
	};
}

/** The settings with the server off and read-only: what a data file that cannot be read leaves. */
export function withMcpServerOff(settings: Settings): Settings {
	return { ...settings, mcpServerEnabled: false, mcpServerAllowWrites: false };
}
