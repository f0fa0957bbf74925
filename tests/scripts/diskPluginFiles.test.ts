import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DiskLogFile } from "../../scripts/lib/diskLogFile";
import { DiskPluginData } from "../../scripts/lib/diskPluginData";
import { PLUGIN_FOLDER } from "../../scripts/lib/headless";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { UnsafePathError } from "../../src/core/vault/unsafePath";

let vault: string;
let outside: string;

beforeEach(() => {
	vault = mkdtempSync(join(tmpdir(), "aw-plugin-files-"));
	outside = mkdtempSync(join(tmpdir(), "aw-plugin-files-outside-"));
});

afterEach(() => {
	rmSync(vault, { recursive: true, force: true });
	rmSync(outside, { recursive: true, force: true });
});

describe("the plugin's own files in a vault folder", () => {
	it("refuses to save data.json or append to the audit trail through a symbolic link", async () => {
		mkdirSync(join(vault, ".obsidian", "plugins"), { recursive: true });
		symlinkSync(outside, join(vault, PLUGIN_FOLDER), "dir");
		expect(() => DiskPluginData.load(vault).save(defaultPluginData(), new Date())).toThrow(UnsafePathError);
		await expect(new DiskLogFile(vault, `${PLUGIN_FOLDER}/audit.jsonl`).append("{}\n")).rejects.toBeInstanceOf(
			UnsafePathError,
		);
		expect(readdirSync(outside)).toEqual([]);
	});

	it("refuses to append to an audit trail file that is itself a link", async () => {
		mkdirSync(join(vault, PLUGIN_FOLDER), { recursive: true });
		writeFileSync(join(outside, "elsewhere.jsonl"), "");
		symlinkSync(join(outside, "elsewhere.jsonl"), join(vault, PLUGIN_FOLDER, "audit.jsonl"));
		await expect(new DiskLogFile(vault, `${PLUGIN_FOLDER}/audit.jsonl`).append("{}\n")).rejects.toBeInstanceOf(
			UnsafePathError,
		);
		expect(readFileSync(join(outside, "elsewhere.jsonl"), "utf8")).toBe("");
	});

	it("starts a line of its own after a line a crash cut short, so the line after the fragment is kept", async () => {
		mkdirSync(join(vault, PLUGIN_FOLDER), { recursive: true });
		writeFileSync(join(vault, PLUGIN_FOLDER, "audit.jsonl"), '{"whole":1}\n{"cut":');
		const log = new DiskLogFile(vault, `${PLUGIN_FOLDER}/audit.jsonl`);
		await log.append('{"next":2}');
		await log.append('{"then":3}\n');
		expect((await log.readAll()).split("\n")).toEqual(['{"whole":1}', '{"cut":', '{"next":2}', '{"then":3}', ""]);
	});
});
