import { existsSync, readFileSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { defaultPluginData } from "../../../src/core/workspace/data/pluginData";
import { openHeadlessWorkspace } from "../../../headless/host/headlessWorkspace";
import { connect, NOW, type Connected } from "../mcp/mcpVault";
import { TempVault } from "../tempVault";

const DATA_JSON = ".obsidian/plugins/assistant-workspace/data.json";
/** `NOW` is Sunday 15 March 2026. */
const DAY_NOTE = "Journal/2026/03/2026-03-15 Sunday.md";

let vault: TempVault;
let connected: Connected | null = null;
let stderr: string[];

function settings(dailyMemoryLocation: "daily-notes" | "assistant-folder"): string {
	const data = defaultPluginData();
	return JSON.stringify({ ...data, settings: { ...data.settings, dailyMemoryLocation, excludedFolders: ["Private"] } });
}

beforeEach(() => {
	vault = new TempVault()
		.put(DATA_JSON, settings("daily-notes"))
		.put(".obsidian/core-plugins.json", JSON.stringify({ "daily-notes": true, templates: true }))
		.put(
			".obsidian/daily-notes.json",
			JSON.stringify({ folder: "Journal", format: "YYYY/MM/YYYY-MM-DD dddd", template: "Templates/Day" }),
		)
		.put("Templates/Day.md", "# {{date:dddd D MMMM}}\n\n## Plans\n")
		.put("Private/Day.md", "# {{date}}\nSECRET-template\n");
	stderr = [];
	jest.spyOn(process.stderr, "write").mockImplementation((text) => {
		stderr.push(String(text));
		return true;
	});
});

afterEach(async () => {
	await connected?.close();
	connected = null;
	jest.restoreAllMocks();
	vault.remove();
});

const read = (path: string) => readFileSync(join(vault.root, path), "utf8");

async function append(text: string): Promise<string> {
	connected ??= await connect(vault, { allowWrites: true });
	const answer = await connected.client.callTool({ name: "memory_append", arguments: { target: "daily", text } });
	expect(answer.isError).toBe(false);
	return (answer.content as { text: string }[])[0].text;
}

test("an MCP client's daily memory goes into the user's daily note, named and filled as Obsidian does", async () => {
	expect(await append("Met Dr. Lin.")).toContain(DAY_NOTE);
	expect(read(DAY_NOTE)).toMatch(/^# Sunday 15 March\n\n## Plans\n\n## Assistant\n- \d\d:\d\d Met Dr\. Lin\.\n$/);
	expect(existsSync(join(vault.root, "memory/daily/2026-03-15.md"))).toBe(false);
});

test("the user's own words in today's note are kept; the entry goes under the assistant's heading", async () => {
	vault.put(DAY_NOTE, "# Sunday\n\nWent running.\n");
	await append("Met Dr. Lin.");
	await append("Booked the flight.");
	expect(read(DAY_NOTE)).toMatch(
		/^# Sunday\n\nWent running\.\n\n## Assistant\n- \d\d:\d\d Met Dr\. Lin\.\n- \d\d:\d\d Booked the flight\.\n$/,
	);
});

test("a private template is never copied into the visible daily note", async () => {
	vault.put(".obsidian/daily-notes.json", JSON.stringify({ folder: "Journal", template: "Private/Day" }));
	await append("Met Dr. Lin.");
	expect(read("Journal/2026-03-15.md")).not.toContain("SECRET");
});

test("with the core Daily notes plugin off, the note is the one the plugin names then: today's date at the root", async () => {
	vault.put(".obsidian/core-plugins.json", JSON.stringify({ "daily-notes": false }));
	await append("Met Dr. Lin.");
	expect(read("2026-03-15.md")).toMatch(/## Assistant\n- \d\d:\d\d Met Dr\. Lin\./);
});

test("an older Obsidian's list of core plugins is read too", async () => {
	vault.put(".obsidian/core-plugins.json", JSON.stringify(["file-explorer", "daily-notes"]));
	await append("Met Dr. Lin.");
	expect(existsSync(join(vault.root, DAY_NOTE))).toBe(true);
});

test("Daily notes options changed in Obsidian while the server runs are followed at the next write", async () => {
	await append("First.");
	vault.put(".obsidian/daily-notes.json", JSON.stringify({ folder: "Days", format: "DD-MM-YYYY" }));
	expect(await append("Second.")).toContain("Days/15-03-2026.md");
});

test.each([
	["not JSON", "{ folder: Journal"],
	["not an object", "[]"],
])(
	"a daily-notes.json that is %s: the entry is kept in the assistant folder and the problem said once",
	async (_name, config) => {
		vault.put(".obsidian/daily-notes.json", config);
		expect(await append("Met Dr. Lin.")).toContain("memory/daily/2026-03-15.md");
		await append("Booked the flight.");
		expect(read("memory/daily/2026-03-15.md")).toMatch(/Met Dr\. Lin\.[\s\S]*Booked the flight\./);
		const said = stderr.filter((line) => line.includes("daily-notes.json"));
		expect(said).toHaveLength(1);
		expect(said[0]).toMatch(/^Daily memory goes to memory\/daily instead of your daily notes/);
	},
);

test.each([
	["a folder", { folder: "../Journal" }],
	["a date format", { format: "[../]YYYY-MM-DD" }],
])(
	"%s that leads out of the vault keeps the entry in the assistant folder, and nothing is written outside",
	async (_name, options) => {
		vault.put(".obsidian/daily-notes.json", JSON.stringify(options));
		expect(await append("Met Dr. Lin.")).toContain("memory/daily/2026-03-15.md");
		expect(stderr.join("")).toMatch(/leads out of the vault/);
		expect(existsSync(join(vault.root, "..", "Journal"))).toBe(false);
		expect(existsSync(join(vault.root, "..", "2026-03-15.md"))).toBe(false);
	},
);

test.each([
	["outside the vault", "../Day"],
	["a symbolic link", "Templates/Link"],
])(
	"a template %s is not read, as Obsidian finds no note there: the note is made without it",
	async (_name, template) => {
		symlinkSync(join(vault.root, "Private/Day.md"), join(vault.root, "Templates/Link.md"));
		vault.put(".obsidian/daily-notes.json", JSON.stringify({ folder: "Journal", template }));
		await append("Met Dr. Lin.");
		expect(read("Journal/2026-03-15.md")).toMatch(/^## Assistant\n- \d\d:\d\d Met Dr\. Lin\.\n$/);
	},
);

test("a daily-notes.json that is a link to a device is not read: the entry is kept in the assistant folder", async () => {
	symlinkSync("/dev/zero", join(vault.root, ".obsidian/daily-notes.json.zero"));
	renameSync(join(vault.root, ".obsidian/daily-notes.json.zero"), join(vault.root, ".obsidian/daily-notes.json"));
	expect(await append("Met Dr. Lin.")).toContain("memory/daily/2026-03-15.md");
	expect(stderr.join("")).toMatch(/daily-notes\.json is not a file/);
});

test("a template placeholder in a format the headless host cannot follow does not lose the entry: it is left as written", async () => {
	vault.put("Templates/Day.md", "---\ncreated: {{date:YYYY-MM-DDTHH:mm:ssZ}}\n---\n# {{date:dddd D MMMM}}\n");
	expect(await append("Met Dr. Lin.")).toContain(DAY_NOTE);
	expect(read(DAY_NOTE)).toMatch(
		/^---\ncreated: \{\{date:YYYY-MM-DDTHH:mm:ssZ\}\}\n---\n# Sunday 15 March\n\n## Assistant\n- \d\d:\d\d Met Dr\. Lin\.\n$/,
	);
	expect(stderr.join("")).toMatch(/"Z" is not one the headless host formats/);
});

test("a date format the headless host cannot follow keeps the entry in the assistant folder", async () => {
	vault.put(".obsidian/daily-notes.json", JSON.stringify({ format: "YYYY-MM-DD X" }));
	expect(await append("Met Dr. Lin.")).toContain("memory/daily/2026-03-15.md");
	expect(stderr.join("")).toMatch(/"X" is not one the headless host formats/);
});

test("with daily memory in the assistant folder, the user's daily notes are not touched", async () => {
	vault.put(DATA_JSON, settings("assistant-folder"));
	expect(await append("Met Dr. Lin.")).toContain("memory/daily/2026-03-15.md");
	expect(existsSync(join(vault.root, "Journal"))).toBe(false);
});

test("the command line's workspace writes and reads daily memory in the user's daily notes too", async () => {
	const { workspace } = await openHeadlessWorkspace(vault.root, { now: NOW });
	await workspace.appendDailyMemory("- Met Dr. Lin.", "user");
	expect(read(DAY_NOTE)).toContain("## Assistant\n- Met Dr. Lin.");
	const [today] = await workspace.recentDailyMemory(1);
	expect(today).toMatchObject({ path: DAY_NOTE, date: "2026-03-15" });
	expect(today.text).toContain("Met Dr. Lin.");
});
