import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sessionPrepareRequest } from "../../../harness/sessionRequest";
import { runTool } from "../../../../src/core/agent/tools";
import { defaultPluginData } from "../../../../src/core/workspace/data/pluginData";
import { openHeadlessWorkspace } from "../../../../scripts/lib/headless";
import { openHeadlessMemory } from "../../../../scripts/lib/headlessMemory";
import { textReply, toolUseReply, useFakeAnthropic } from "../../../harness/fakeAnthropic";
import { MEMORY_TOOL_DEFINITIONS, runToEnd, sentBodies, turnDeps } from "./loopFixture";

const fake = useFakeAnthropic();

/** Every private note below holds this word; nothing else in the vault, and nothing the user types, does. */
const SECRET = "okapi7731";

const FILES: Record<string, string> = {
	"soul.md": "# Soul\n\nCalm and brief.\n",
	"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
	"memory.md": "# Memory\n\n## Preferences\n- Likes zebras.\n",
	"Notes/public.md": "# Zebras\nZebra stripes confuse flies.",
	"Notes/tagged.md": `# Tagged\nZebra ${SECRET} #secret`,
	"Notes/flagged.md": `---\nassistant: private\n---\nZebra ${SECRET}`,
	"Private/diary.md": `# Diary\nZebra ${SECRET}`,
	"memory/daily/2026-03-15.md": `---\ntags: [secret]\n---\n# 2026-03-15\n\n## Log\n- Zebra ${SECRET}`,
	"memory/daily/2026-03-14.md": "# 2026-03-14\n\n## Log\n- Saw zebras.",
};

let vaultDir: string;

beforeEach(() => {
	vaultDir = mkdtempSync(join(tmpdir(), "aw-privacy-"));
	for (const [path, text] of Object.entries(FILES)) {
		mkdirSync(dirname(join(vaultDir, path)), { recursive: true });
		writeFileSync(join(vaultDir, path), text);
	}
	const data = defaultPluginData();
	const settings = { ...data.settings, excludedFolders: ["Private"], excludedTags: ["secret"] };
	mkdirSync(join(vaultDir, ".obsidian", "plugins", "assistant-workspace"), { recursive: true });
	writeFileSync(
		join(vaultDir, ".obsidian", "plugins", "assistant-workspace", "data.json"),
		JSON.stringify({ ...data, settings }),
	);
});

afterEach(() => rmSync(vaultDir, { recursive: true, force: true }));

describe("private notes never reach the model", () => {
	it("sends nothing of a note in an excluded folder, with an excluded tag or marked private, in any request of a turn that looks for them", async () => {
		const headless = await openHeadlessWorkspace(vaultDir, { now: "2026-03-15T12:00:00Z" });
		const memory = await openHeadlessMemory(headless);
		fake().enqueue(
			toolUseReply("memory_search", { query: "zebra", limit: 20 }),
			toolUseReply("memory_get", { path: "Private/diary.md" }),
			toolUseReply("memory_get", { path: "[[tagged]]" }),
			toolUseReply("memory_get", { path: "Notes/flagged.md" }),
			toolUseReply("memory_recent", { days: 7 }),
			textReply("Zebra stripes confuse flies [[Notes/public]]."),
		);
		const deps = turnDeps(fake(), memory.deps, {
			prepareRequest: sessionPrepareRequest(memory.deps, MEMORY_TOOL_DEFINITIONS),
			executeTool: (name, input) => runTool(name, input, memory.deps),
		});
		// The user mentions the private notes too: mentions go through the same guard.
		const { result } = await runToEnd(
			deps,
			"What do [[Private/diary]], [[tagged]], [[flagged]] and [[public]] say about zebras?",
		);

		expect(result.stopReason).toBe("end_turn");
		const bodies = sentBodies(fake()).map((body) => JSON.stringify(body));
		expect(bodies).toHaveLength(6);
		for (const body of bodies) expect(body).not.toContain(SECRET);
		// What may be read was read: the identity files, hot memory and the public mention in the prompt, the public note in the search.
		const [first] = sentBodies(fake());
		const system = (first.system ?? []).map((block) => block.text).join("\n");
		expect(system).toContain("Calm and brief.");
		expect(system).toContain("Likes zebras.");
		expect(system).toContain("Zebra stripes confuse flies.");
		// The private day is not even listed in the memory hint.
		expect(system).not.toContain("memory/daily/2026-03-15.md");
		expect(system).toContain("memory/daily/2026-03-14.md");
		expect(bodies[1]).toContain("Notes/public.md");
		expect(result.toolCalls.slice(1, 4).map((call) => call.result.text.split(".", 1)[0])).toEqual([
			// A private folder answers as a path where nothing is.
			'Error: no note at "Private/diary',
			// A link to a hidden note resolves to nothing: the view does not have the note at all.
			'Error: no note at "[[tagged]]"',
			'Error: no note at "Notes/flagged',
		]);
	});
});
