import { createHash } from "node:crypto";
import {
	chmodSync,
	chownSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	statSync,
	symlinkSync,
	truncateSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { searchMemories } from "../../src/core/agent/tools/searchMemories";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { openHeadlessMemory, type HeadlessMemory } from "../../headless/host/headlessMemory";
import { openHeadlessWorkspace } from "../../headless/host/headlessWorkspace";
import { cacheRoot, indexCacheFor, type CacheEnvironment } from "../../headless/host/indexCache";
import * as metadata from "../../headless/metadata";
import { TempVault } from "./tempVault";

const DATA_JSON = ".obsidian/plugins/assistant-workspace/data.json";

function settingsWith(excludedFolders: string[]): string {
	const data = defaultPluginData();
	return JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders } });
}

let vault: TempVault;
let cacheDir: string;
let stderr: string[];
const opened: HeadlessMemory[] = [];

beforeEach(() => {
	vault = new TempVault()
		.put("Notes/zebra.md", "# Zebras\nThe zebra migration happens in July.\n")
		.put("Notes/okapi.md", "# Okapi\nThe okapi lives in the forest.\n")
		.put("Notes/heron.md", "# Heron\nThe heron fishes at dawn.\n")
		.put(DATA_JSON, settingsWith(["Private"]));
	cacheDir = mkdtempSync(join(tmpdir(), "aw-cache-test-"));
	stderr = [];
	jest.spyOn(process.stderr, "write").mockImplementation((text) => {
		stderr.push(String(text));
		return true;
	});
});

afterEach(() => {
	for (const memory of opened.splice(0)) memory.close();
	jest.restoreAllMocks();
	vault.remove();
	rmSync(cacheDir, { recursive: true, force: true });
});

const environment = (): CacheEnvironment => ({ env: { AW_CACHE_DIR: cacheDir }, platform: "linux", home: "/home/u" });

/** The memory as a new process of the MCP server or the command line opens it. */
async function start(): Promise<HeadlessMemory> {
	const headless = await openHeadlessWorkspace(vault.root);
	const memory = await openHeadlessMemory(headless, indexCacheFor(vault.root, environment()));
	opened.push(memory);
	return memory;
}

async function found(memory: HeadlessMemory, query: string): Promise<string[]> {
	const answer = await searchMemories(memory.deps, { query, limit: 10 });
	return answer.matches.map((match) => match.path);
}

function cacheFile(): string {
	const [folder] = readdirSync(cacheDir);
	return join(cacheDir, folder, "index.bin");
}

test("a second start takes the saved index and reads only what changed, was added or went", async () => {
	const first = await start();
	expect(first.restored).toBe(false);
	first.close();

	vault.put("Notes/zebra.md", "# Zebras\nThe zebra migration happens in August, with the gnus.\n");
	vault.put("Notes/ibis.md", "# Ibis\nThe ibis wades.\n");
	rmSync(join(vault.root, "Notes/okapi.md"));
	const second = await start();
	expect(second.restored).toBe(true);
	expect(await found(second, "gnus")).toEqual(["Notes/zebra.md"]);
	expect(await found(second, "ibis")).toEqual(["Notes/ibis.md"]);
	expect(await found(second, "okapi")).toEqual([]);
	expect(await found(second, "heron")).toEqual(["Notes/heron.md"]);
	expect(stderr).toEqual([]);
});

test("what a save killed half-way left beside the index is removed by the next save, another process's save under way is not", async () => {
	(await start()).close();
	const folder = join(cacheFile(), "..");
	// Past the largest process id a system gives: a process that was killed while it wrote.
	const killed = join(folder, "index.bin.2147483646.0123abcd.tmp");
	const running = join(folder, `index.bin.${process.ppid}.0123abcd.tmp`);
	writeFileSync(killed, "half an index");
	writeFileSync(running, "half an index");
	const anHourAgo = new Date(Date.now() - 3_600_000);
	utimesSync(killed, anHourAgo, anHourAgo);
	utimesSync(running, anHourAgo, anHourAgo);
	// Written just now, by a process this one may not see (another container): perhaps a save under way.
	const recent = "index.bin.2147483645.0123abcd.tmp";
	writeFileSync(join(folder, recent), "half an index");
	vault.put("Notes/ibis.md", "# Ibis\nThe ibis wades.\n");
	(await start()).close();
	expect(readdirSync(folder).sort()).toEqual(["index.bin", recent, `index.bin.${process.ppid}.0123abcd.tmp`].sort());
});

test("a cache folder that is a symbolic link (planted in a shared cache folder) is neither written into nor changed", async () => {
	const elsewhere = mkdtempSync(join(tmpdir(), "aw-elsewhere-"));
	chmodSync(elsewhere, 0o755);
	const folder = createHash("sha256").update(realpathSync(vault.root)).digest("hex").slice(0, 32);
	symlinkSync(elsewhere, join(cacheDir, folder));
	try {
		(await start()).close();
		expect(statSync(elsewhere).mode & 0o777).toBe(0o755);
		expect(readdirSync(elsewhere)).toEqual([]);
		expect(stderr.join("")).toMatch(/could not be saved/);
	} finally {
		rmSync(elsewhere, { recursive: true, force: true });
	}
});

test("the saved index is outside the vault, owner-only, and the vault is left as it was", async () => {
	const before = vault.filesOnDisk();
	(await start()).close();
	expect(vault.filesOnDisk()).toEqual(before);
	expect(statSync(cacheFile()).mode & 0o777).toBe(0o600);
	expect(statSync(join(cacheFile(), "..")).mode & 0o777).toBe(0o700);
	// Nothing left over from the atomic write.
	expect(readdirSync(join(cacheFile(), ".."))).toEqual(["index.bin"]);
});

test("an index saved under other privacy rules is not used: a folder made private while stopped is not searched", async () => {
	vault.put("Work/plans.md", "# Plans\nThe quokka project starts in May.\n");
	(await start()).close();
	expect(await found(await start(), "quokka")).toEqual(["Work/plans.md"]);

	vault.put(DATA_JSON, settingsWith(["Private", "Work"]));
	const after = await start();
	expect(after.restored).toBe(false);
	expect(after.index.skippedFor("excluded-folder", 10)).toEqual(["Work/plans.md"]);
	expect(await found(after, "quokka")).toEqual([]);
	expect(stderr.join("")).toMatch(/other settings/);
});

test("a note moved into a private folder while stopped is not searched from the saved index", async () => {
	(await start()).close();
	vault.put("Private/okapi.md", readFileSync(join(vault.root, "Notes/okapi.md")));
	rmSync(join(vault.root, "Notes/okapi.md"));
	const after = await start();
	expect(after.restored).toBe(true);
	expect(await found(after, "okapi")).toEqual([]);
});

test("a note made private with its time and size unchanged is still never answered", async () => {
	(await start()).close();
	const path = join(vault.root, "Notes/okapi.md");
	const { mtime, size } = statSync(path);
	// Same length as before: a sync tool that keeps the other device's mtime would leave both alike.
	const hidden = "---\nassistant: private\n---\nokapi\n";
	writeFileSync(path, hidden.padEnd(size, "x"));
	utimesSync(path, mtime, mtime);
	expect(statSync(path).size).toBe(size);
	const after = await start();
	expect(after.restored).toBe(true);
	expect(await found(after, "okapi")).toEqual([]);
});

test.each([
	["truncated", (file: string) => truncateSync(file, statSync(file).size - 100)],
	[
		"with a byte changed",
		(file: string) => {
			const bytes = readFileSync(file);
			bytes[bytes.length - 50] ^= 0xff;
			writeFileSync(file, bytes);
		},
	],
	["not an index at all", (file: string) => writeFileSync(file, "hello")],
])("a saved index %s is rebuilt from the notes, with one line on stderr", async (_name, damage) => {
	(await start()).close();
	damage(cacheFile());
	const after = await start();
	expect(after.restored).toBe(false);
	expect(await found(after, "heron")).toEqual(["Notes/heron.md"]);
	expect(stderr).toHaveLength(1);
	expect(stderr[0]).toMatch(/building it again from the notes/);
	// And saved whole again for the next start.
	expect((await start()).restored).toBe(true);
});

test.each([
	["owned by another user", (file: string) => chownSync(file, 65534, 65534)],
	["writable by others", (file: string) => chmodSync(file, 0o666)],
])("a saved index %s (planted in a shared cache folder) is never taken", async (_name, plant) => {
	(await start()).close();
	// Not this vault's index: one where a note the user wrote is left out, as another user could plant it.
	const planted = readFileSync(cacheFile());
	rmSync(cacheFile());
	writeFileSync(cacheFile(), planted);
	plant(cacheFile());
	const after = await start();
	expect(after.restored).toBe(false);
	expect(stderr.join("")).toMatch(/building it again from the notes/);
});

test("the notes' links are saved too: a start parses only the notes that changed, and resolves their new links", async () => {
	vault
		.put("Notes/a.md", "# A\nSee [[okapi]].\n")
		.put("Notes/b.md", "# B\nSee [[heron]] and [[zebra]].\n")
		.put("Private/diary.md", "# Diary\nAbout [[Quetzal plans]].\n");
	(await start()).close();
	vault.put("Notes/a.md", "# A\nSee [[zebra]] now, not the other.\n");
	const parse = jest.spyOn(metadata, "computeMetadata");
	const headless = await openHeadlessWorkspace(vault.root);
	opened.push(await openHeadlessMemory(headless, indexCacheFor(vault.root, environment())));
	const links = headless.vault.resolvedLinks;
	expect(links["Notes/a.md"]).toEqual({ "Notes/zebra.md": 1 });
	expect(links["Notes/b.md"]).toEqual({ "Notes/heron.md": 1, "Notes/zebra.md": 1 });
	// The changed note, and the private one, whose links are never saved.
	expect(parse.mock.calls.map(([content]) => content.split("\n")[0]).sort()).toEqual(["# A", "# Diary"]);
	// Nothing of a private note is in the saved index but its path.
	expect(readFileSync(cacheFile()).includes("Quetzal plans")).toBe(false);
	expect(readFileSync(cacheFile()).includes("heron")).toBe(true);
});

test("AW_NO_CACHE=1 neither reads nor writes a saved index", () => {
	expect(indexCacheFor(vault.root, { ...environment(), env: { AW_CACHE_DIR: cacheDir, AW_NO_CACHE: "1" } })).toBeNull();
});

test.each<[NodeJS.Platform, Record<string, string>, string]>([
	["linux", {}, "/home/u/.cache/assistant-workspace"],
	["linux", { XDG_CACHE_HOME: "/var/cache/u" }, "/var/cache/u/assistant-workspace"],
	["linux", { XDG_CACHE_HOME: "relative" }, "/home/u/.cache/assistant-workspace"],
	["darwin", {}, "/home/u/Library/Caches/assistant-workspace"],
	["win32", { LOCALAPPDATA: "/c/Users/u/AppData/Local" }, "/c/Users/u/AppData/Local/assistant-workspace"],
	["linux", { AW_CACHE_DIR: "/tmp/elsewhere" }, "/tmp/elsewhere"],
])("on %s with %j the cache lives in %s", (platform, env, expected) => {
	expect(cacheRoot({ env, platform, home: "/home/u" })).toBe(expected);
});
