import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WRITE_HEADER } from "../../sandbox/server/protocol";
import { startSandbox, type Sandbox } from "../../sandbox/server/sandboxServer";
import type { VaultListing } from "../../sandbox/server/vaultFolder";

const PLUGIN = ".obsidian/plugins/assistant-workspace";
const MANIFEST = JSON.stringify({
	id: "assistant-workspace",
	name: "Assistant Workspace",
	version: "0",
	minAppVersion: "1.13.0",
	description: "Test.",
	author: "test",
});

/**
 * The sandbox server's side of the plugin's files in the config folder: what the page's adapter
 * writes (`data.json`, its last good copy, the audit trail and the text kept for undo) reaches
 * the vault folder on disk, appended as a log is, and nothing reaches outside it.
 */
describe("the sandbox's config files on disk", () => {
	let root: string;
	let outside: string;
	let sandbox: Sandbox;
	beforeEach(async () => {
		root = mkdtempSync(join(tmpdir(), "sandbox-config-"));
		outside = mkdtempSync(join(tmpdir(), "sandbox-outside-"));
		mkdirSync(join(root, ".obsidian"));
		writeFileSync(join(root, "Welcome.md"), "# Hi");
		sandbox = await startSandbox({
			bundles: { plugin: { main: "", manifest: MANIFEST, styles: "" }, shell: { script: "", styles: "" } },
			vaultDir: root,
		});
	});
	afterEach(async () => {
		await sandbox.close();
		rmSync(root, { recursive: true, force: true });
		rmSync(outside, { recursive: true, force: true });
	});

	const call = (method: string, endpoint: string, path: string, body?: string) =>
		fetch(`${sandbox.url}api/${endpoint}?${new URLSearchParams({ path }).toString()}`, {
			method,
			body,
			headers: { [WRITE_HEADER]: "1" },
		});

	it("appends the audit trail line by line into the plugin's folder, made when missing", async () => {
		expect((await call("POST", "append", `${PLUGIN}/audit.jsonl`, '{"n":1}\n')).status).toBe(204);
		expect((await call("POST", "append", `${PLUGIN}/audit.jsonl`, '{"n":2}\n')).status).toBe(204);
		expect(readFileSync(join(root, PLUGIN, "audit.jsonl"), "utf8")).toBe('{"n":1}\n{"n":2}\n');
	});

	it("lists every file of the config folder back to the page, the last good copy of data.json too", async () => {
		await call("PUT", "file", `${PLUGIN}/data.json`, "{}");
		await call("PUT", "file", `${PLUGIN}/data.json.last-good`, "{}");
		await call("POST", "append", `${PLUGIN}/previous-contents.jsonl`, "{}\n");
		const listing = (await (await fetch(`${sandbox.url}api/vault`)).json()) as VaultListing;
		expect(Object.keys(listing.config).sort()).toEqual([
			`${PLUGIN}/data.json`,
			`${PLUGIN}/data.json.last-good`,
			`${PLUGIN}/previous-contents.jsonl`,
		]);
		expect(listing.files.map((file) => file.path)).toEqual(["Welcome.md"]);
	});

	it.each([`${PLUGIN}/../../../escape.jsonl`, "/tmp/escape.jsonl", `${PLUGIN}\\..\\escape.jsonl`])(
		"refuses to append at %j",
		async (path) => {
			expect((await call("POST", "append", path, "no\n")).status).toBe(400);
			expect(existsSync(join(root, "..", "escape.jsonl"))).toBe(false);
		},
	);

	it("refuses to append through a plugin folder that is a symbolic link, or to a log that is one", async () => {
		mkdirSync(join(root, ".obsidian", "plugins"));
		symlinkSync(outside, join(root, PLUGIN));
		expect((await call("POST", "append", `${PLUGIN}/audit.jsonl`, "no\n")).status).toBe(400);
		expect(existsSync(join(outside, "audit.jsonl"))).toBe(false);

		rmSync(join(root, PLUGIN));
		mkdirSync(join(root, PLUGIN));
		writeFileSync(join(outside, "log.jsonl"), "kept\n");
		symlinkSync(join(outside, "log.jsonl"), join(root, PLUGIN, "audit.jsonl"));
		expect((await call("POST", "append", `${PLUGIN}/audit.jsonl`, "no\n")).status).toBe(400);
		expect(readFileSync(join(outside, "log.jsonl"), "utf8")).toBe("kept\n");
	});
});
