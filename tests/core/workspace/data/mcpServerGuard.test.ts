import { loadPluginData, loadPluginDataFiles } from "../../../../src/core/workspace/data/load";
import { CURRENT_SCHEMA_VERSION } from "../../../../src/core/workspace/data/migrations";
import type { PluginData } from "../../../../src/core/workspace/data/pluginData";
import { DEFAULT_MCP_PORT, defaultSettings } from "../../../../src/core/workspace/data/settings";
import { defaultState } from "../../../../src/core/workspace/data/state";

/** Saved by a user who turned the server on, with writes, on a port of their own. */
const SERVING: PluginData = {
	schemaVersion: CURRENT_SCHEMA_VERSION,
	settings: { ...defaultSettings(), mcpServerEnabled: true, mcpServerAllowWrites: true, mcpServerPort: 31000 },
	state: defaultState(),
};

const savedWith = (settings: Record<string, unknown>) =>
	JSON.stringify({ ...SERVING, settings: { ...SERVING.settings, ...settings } });

const server = (data: PluginData) => ({
	enabled: data.settings.mcpServerEnabled,
	writes: data.settings.mcpServerAllowWrites,
	port: data.settings.mcpServerPort,
});

describe("the MCP server's settings, read from data.json", () => {
	it("are off, read-only and on their default port until the user changes them", () => {
		expect(server(loadPluginData(null).data)).toEqual({ enabled: false, writes: false, port: DEFAULT_MCP_PORT });
		expect(DEFAULT_MCP_PORT).toBe(27182);
	});

	it("keep the server on, writing, when the file says so in readable values", () => {
		expect(server(loadPluginDataFiles({ data: savedWith({}), lastGood: null }).data)).toEqual({
			enabled: true,
			writes: true,
			port: 31000,
		});
	});

	it("fail closed: one unreadable value of the server turns it off and read-only, whatever the last good copy said", () => {
		for (const damage of [
			{ mcpServerEnabled: "yes" },
			{ mcpServerAllowWrites: 1 },
			{ mcpServerPort: "abc" },
			{ mcpServerPort: 80 },
			{ mcpServerTokenSecret: "Not A Name!" },
		]) {
			for (const lastGood of [null, JSON.stringify(SERVING)]) {
				const loaded = loadPluginDataFiles({ data: savedWith(damage), lastGood });
				expect([damage, server(loaded.data).enabled, server(loaded.data).writes]).toEqual([damage, false, false]);
			}
		}
	});

	it("fail closed when data.json cannot be read or is gone and its last good copy stands in", () => {
		const lastGood = JSON.stringify(SERVING);
		for (const data of ["{ not json", null]) {
			const loaded = loadPluginDataFiles({ data, lastGood });
			expect(server(loaded.data)).toEqual({ enabled: false, writes: false, port: 31000 });
		}
	});
});
