/**
 * A `data.json` that gives a key twice, as a hand edit or a careless merge leaves it
 * (`"excludedFolders": ["Private"], ... "excludedFolders": []`). `JSON.parse` keeps the last
 * value without a word, which may be the empty list: the file is refused as damaged, as two
 * objects are, so its last good copy stands in or, without one, nothing is sent to any model
 * until the user has checked the privacy settings.
 */
import { openHeadlessWorkspace } from "../../headless/host/headlessWorkspace";
import { openHeadlessMcp } from "../../headless/mcp/headlessMcp";
import { loadPluginDataFiles } from "../../src/core/workspace/data/load";
import { CURRENT_SCHEMA_VERSION } from "../../src/core/workspace/data/migrations";
import { defaultPluginData, type PluginData } from "../../src/core/workspace/data/pluginData";
import { TempVault } from "../headless/tempVault";

const DATA = ".obsidian/plugins/assistant-workspace/data.json";
const LAST_GOOD = ".obsidian/plugins/assistant-workspace/data.json.last-good";
const SECRET = "quetzal4471";

describe("a data.json that gives a key twice", () => {
	const GOOD: PluginData = {
		...defaultPluginData(),
		schemaVersion: CURRENT_SCHEMA_VERSION,
		settings: { ...defaultPluginData().settings, excludedFolders: ["Private"], excludedTags: ["secret"] },
	};
	/** `GOOD` with the privacy list given a second time, emptied: `JSON.parse` would keep the empty one. */
	const twice = JSON.stringify(GOOD, null, 2).replace(
		'"excludedFolders": [',
		'"excludedFolders": [],\n    "excludedFolders": [',
	);
	const emptiedLast = JSON.stringify(GOOD, null, 2).replace(
		'"excludedTags": [\n      "secret"\n    ]',
		'"excludedTags": [\n      "secret"\n    ],\n    "excludedTags": []',
	);

	it("is refused as damaged, with the last good copy standing in and the file kept", () => {
		expect(emptiedLast).not.toBe(JSON.stringify(GOOD, null, 2));
		const loaded = loadPluginDataFiles({ data: emptiedLast, lastGood: JSON.stringify(GOOD, null, 2) });
		expect(loaded.problems.map((problem) => problem.key)).toEqual([
			"data.problem.duplicate-key",
			"data.problem.last-good-used",
		]);
		expect(loaded.data.settings.excludedTags).toEqual(["secret"]);
		expect(loaded.backupNeeded).toBe(true);
	});

	it("without a last good copy, asks for the privacy review and sends nothing until then", () => {
		const loaded = loadPluginDataFiles({ data: emptiedLast, lastGood: null });
		expect(loaded.problems.map((problem) => problem.key)).toEqual(["data.problem.duplicate-key"]);
		expect(loaded.data.state.privacyReviewNeeded).toBe(true);
		expect(loaded.backupNeeded).toBe(true);
	});

	it("is refused whatever the key, at any depth, and however its name is escaped", () => {
		const cases = [
			twice,
			'{"schemaVersion": 1, "schemaVersion": 1, "settings": {}}',
			'{"settings": {"excludedTags": ["secret"], "excluded\\u0054ags": []}}',
			'{"settings": {"excludedTags": ["secret"]}, "state": {"a": {"b": 1, "b": 2}}}',
		];
		for (const data of cases)
			expect([data, loadPluginDataFiles({ data, lastGood: null }).problems[0]?.key]).toEqual([
				data,
				"data.problem.duplicate-key",
			]);
		// The same name in two objects, or as a value, is no repeat.
		const sound = '{"settings": {"model": "settings"}, "state": {"model": "x", "settings": {}}}';
		expect(loadPluginDataFiles({ data: sound, lastGood: null }).problems.map((p) => p.key)).not.toContain(
			"data.problem.duplicate-key",
		);
	});

	it("keeps the MCP server from starting over the vault, and the host from trusting it", async () => {
		const vault = new TempVault();
		try {
			vault.put("Private/plan.md", `Plan ${SECRET}\n`).put(DATA, twice);
			const headless = await openHeadlessWorkspace(vault.root);
			expect(headless.privacyReviewNeeded).toBe(true);
			await expect(openHeadlessMcp(vault.root, { allowWrites: false })).rejects.toThrow("could not be recovered");
			// With a last good copy, its lists stand in whole.
			vault.put(LAST_GOOD, JSON.stringify(GOOD, null, 2));
			const recovered = await openHeadlessWorkspace(vault.root);
			expect(recovered.privacyReviewNeeded).toBe(false);
			expect(recovered.workspace.vault.listFiles().map((file) => file.path)).not.toContain("Private/plan.md");
		} finally {
			vault.remove();
		}
	});
});
