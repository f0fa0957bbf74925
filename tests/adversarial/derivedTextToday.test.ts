/**
 * Text the assistant derived from the vault earlier (the vault map, a taxonomy report, weekly
 * summaries, a checkpoint, a reopened chat) names notes, folders and tags as they were then. A
 * folder or tag made private since, or a note marked private, must not reach a model or an MCP
 * client through it.
 */
import { inferTaxonomy } from "../../src/core/organize/taxonomy";
import { taxonomyReportText, taxonomySuggestions } from "../../src/core/organize/taxonomyReport";
import { vaultMap } from "../../src/core/organize/vaultMap";
import { writeVaultMap } from "../../src/core/organize/vaultMapText";
import type { PolicySettings } from "../../src/core/retrieval";
import { toolResultBlock } from "../../src/core/agent/loop";
import { sessionRequestBuilder } from "../../src/core/agent/session/sessionContext";
import type { ChatMessage } from "../../src/core/model/modelClient";
import { translateIn, type MessageKey } from "../../src/i18n";
import { sessionPrepareRequest } from "../harness/sessionRequest";
import { toolsOver } from "../core/agent/tools/toolFixture";
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";
import { organizeFixture } from "../core/organize/fixture";
import { connect, mcpVault, textOf, type Connected } from "../headless/mcp/mcpVault";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { assistantFolderTarget } from "../../src/core/memory/daily";
import { proposeConsolidation } from "../../src/core/memory/hotMemoryConsolidation";
import { buildWeeklySummary, type WeeklySummaryRequest } from "../../src/core/memory/weeklySummary";
import type { TextModel } from "../../src/core/model/textModel";
import { preparePrompt } from "../../src/core/prompts/preparePrompt";
import { layoutFor } from "../../src/core/workspace/layout";
import { memoryFixture } from "../core/memory/fixture";
import { promptReader } from "../harness/promptReader";
import { viewOf } from "../harness/viewOf";

const en = (key: MessageKey, params?: Readonly<Record<string, string | number>>) =>
	translateIn("en", key, params ?? {});

/**
 * A vault where `Private/Salary talks.md` and `Notes/Raise.md` (tagged #money) are the most linked
 * notes. One note only has the tag: a map that wrote `#money` would be hidden by it, as any note is.
 */
const VAULT = {
	"Projects/Thesis.md": "# Thesis\n[[Salary talks]] [[Raise]]\n",
	"Projects/Budget.md": "# Budget\n[[Salary talks]] [[Raise]]\n",
	"Private/Salary talks.md": "# Salary talks\nAsk for 20% more.\n",
	"Private/Offer.md": "# Offer\n[[Salary talks]]\n",
	"Notes/Raise.md": "# Raise\n#money\n",
	"Notes/Bonus.md": "# Bonus\n[[Raise]]\n",
	"Notes/Ideas.md": "# Ideas\n",
};

/** The vault with its vault map made while nothing was private, then under `rules`. */
async function mappedThenPrivate(rules: Omit<PolicySettings, "configDir">) {
	const before = organizeFixture(VAULT);
	const { organize } = before;
	await writeVaultMap(before.deps, organize.layout, await vaultMap(organize, inferTaxonomy(organize)), en, "user");
	const files = await before.snapshot();
	expect(files["Vault map.md"]).toContain("| Private |");
	expect(files["Vault map.md"]).toContain("[[Private/Salary talks\\|Salary talks]]");
	expect(files["Vault map.md"]).toContain("[[Notes/Raise\\|Raise]]");
	return toolsOver(files, rules);
}

function systemOf(request: { readonly system: readonly { readonly text: string }[] }): string {
	return request.system.map((block) => block.text).join("\n");
}

describe("the vault map made before the rules changed", () => {
	it("names neither a folder made private since nor its notes in the next chat request", async () => {
		const { deps } = await mappedThenPrivate({ excludedFolders: ["Private"] });
		const system = systemOf(await sessionPrepareRequest(deps, [])([], "Where do my notes live?"));
		expect(system).toContain("<vault-map>");
		expect(system).toContain("| Projects |");
		expect(system).not.toContain("| Private |");
		expect(system).not.toContain("Salary");
	});

	it("links no note whose tag was made private since in the next chat request", async () => {
		const { deps } = await mappedThenPrivate({ excludedTags: ["money"] });
		const system = systemOf(await sessionPrepareRequest(deps, [])([], "Where do my notes live?"));
		expect(system).toContain("| Notes |");
		expect(system).not.toContain("Notes/Raise");
	});

	it("is read through today's rules when a tool reads it whole", async () => {
		const { run } = await mappedThenPrivate({ excludedFolders: ["Private"], excludedTags: ["money"] });
		const read = await run("memory_get", { path: "Vault map.md" });
		expect(read.isError).toBe(false);
		expect(read.text).toContain("| Projects |");
		expect(read.text).not.toMatch(/Salary|\| Private \||Notes\/Raise/);
	});

	it("does not give an MCP client the name of a folder private since, nor its notes", async () => {
		const vault = mcpVault();
		// The map as the plugin wrote it while Private was not private yet.
		vault.put(
			"Vault map.md",
			[
				"# Vault map",
				"",
				"> [!assistant]",
				"> | Folder | Role | Notes | What is in it | Most linked |",
				"> | --- | --- | --- | --- | --- |",
				"> | Notes | Notes | 3 | Notes on topics and ideas. | [[Notes/public\\|public]] |",
				"> | Private | Journal | 1 | Zebra diary entries. | [[Private/diary\\|diary]] |",
				"",
			].join("\n"),
		);
		let connected: Connected | undefined;
		try {
			connected = await connect(vault);
			const read = textOf(await connected.client.callTool({ name: "memory_get", arguments: { path: "Vault map.md" } }));
			expect(read).toContain("| Notes |");
			expect(read).not.toMatch(/Private|diary/);
			const found = textOf(
				await connected.client.callTool({ name: "memory_search", arguments: { query: "zebra diary", limit: 20 } }),
			);
			expect(found).not.toMatch(/Private\/diary|Zebra diary entries/);
		} finally {
			await connected?.close();
			vault.remove();
		}
	});
});

describe("other derived text under today's rules", () => {
	const WEEK = [
		"# Week 2026-W10",
		"",
		"- Settled the plan for the raise in [[Salary talks]].",
		"- Reread [the offer](Private/Offer.md) before the meeting.",
		"- Private/Offer.md was signed on Friday.",
		"- Finished the thesis outline in [[Thesis]].",
		"",
	].join("\n");

	it("a weekly summary or daily memory linking a note private now withholds the link and the line that names it", async () => {
		// The tools the chat offers, memory_history among them.
		const { deps, run } = await writeToolsOver(
			{
				...VAULT,
				"memory/weekly/2026-W10.md": WEEK,
				"memory/daily/2026-03-15.md":
					"# 2026-03-15\n\n## Log\n- Reread [[Salary talks]] before the call.\n- Outlined the thesis.\n",
			},
			{ excludedFolders: ["Private"] },
		);
		const system = systemOf(await sessionPrepareRequest(deps, [])([], "Why did we decide that last time?"));
		expect(system).toContain("Finished the thesis outline in [[Thesis]].");
		expect(system).not.toMatch(/Salary|Private\/Offer/);
		const history = await run("memory_history", { weeks: 4 });
		expect(history.text).toContain("Finished the thesis outline");
		expect(history.text).not.toMatch(/Salary|Private\/Offer/);
		const recent = await run("memory_recent", { days: 1 });
		expect(recent.text).toContain("Outlined the thesis.");
		expect(recent.text).not.toContain("Salary");
	});

	it("a taxonomy report written before withholds the line of a folder private now", async () => {
		const before = organizeFixture({
			...VAULT,
			...Object.fromEntries(Array.from({ length: 6 }, (_, n) => [`Notes/Pay ${n}.md`, `#money [[Raise]]\n`])),
			...Object.fromEntries(Array.from({ length: 110 }, (_, n) => [`Private/Entry ${n}.md`, `Entry ${n}\n`])),
		});
		const { organize } = before;
		const report = taxonomyReportText(taxonomySuggestions(organize, inferTaxonomy(organize)), "2026-03-10", en);
		expect(report).toContain("Private holds 112 notes directly");
		expect(report).toContain("#money is on");
		const files = { ...(await before.snapshot()), "Taxonomy suggestions 2026-03-10.md": report };
		const { run } = await toolsOver(files, { excludedFolders: ["Private"] });
		const read = await run("memory_get", { path: "Taxonomy suggestions 2026-03-10.md" });
		expect(read.isError).toBe(false);
		expect(read.text).toContain("#money is on");
		expect(read.text).not.toContain("Private holds");
	});

	it("a checkpoint withholds a markdown link to a note private now, and an excluded tag", async () => {
		const { deps } = await toolsOver(VAULT, { excludedFolders: ["Private"], excludedTags: ["money"] });
		const resume = {
			savedAt: "2026-03-14T18:00:00Z",
			doing: "Preparing the #money talk with [the notes](Private/Salary%20talks.md).",
			nextAction: "Write the budget in [[Projects/Budget]].",
		};
		const system = systemOf(await sessionPrepareRequest(deps, [], { resume })([], "Let's go on."));
		expect(system).toContain("Write the budget in [[Projects/Budget]].");
		expect(system).not.toMatch(/Salary|#money/);
	});

	it("a reopened chat whose answer cited a note private now no longer names it", async () => {
		const { deps, vault } = await toolsOver({ ...VAULT, "Notes/Pay.md": "# Pay\nThe raise: 20% in May.\n" });
		// A transcript holds the questions and the answers' text, citing the notes they used.
		const conversation: ChatMessage[] = [
			{ role: "user", content: [{ type: "text", text: "What did I decide about pay?" }] },
			{ role: "assistant", content: [{ type: "text", text: "A raise of 20% in May, says [[Notes/Pay]]." }] },
		];
		await vault.process("Notes/Pay.md", (text) => `---\nassistant: private\n---\n${text}`);
		const request = await sessionPrepareRequest(deps, [])(conversation, "Thanks. Anything else?");
		expect(JSON.stringify(request.messages)).not.toContain("Notes/Pay");
		expect(JSON.stringify(request.messages)).toContain("a note that is private now");
	});

	it("the summary of a long chat's earlier turns no longer names a note private since", async () => {
		const { deps, vault } = await toolsOver({ ...VAULT, "Notes/Pay.md": "# Pay\nThe raise: 20% in May.\n" });
		const conversation: ChatMessage[] = [
			{ role: "user", content: [{ type: "text", text: "What did I decide about pay?" }] },
			{ role: "assistant", content: [{ type: "text", text: "A raise, in May." }] },
			{ role: "user", content: [{ type: "text", text: "And the thesis?" }] },
			{ role: "assistant", content: [{ type: "text", text: "The outline is done." }] },
		];
		// The model summarised the first turn when the chat grew long, citing the note it had read.
		const state = {
			compactedThrough: 2,
			summary: "The user decided on a raise of 20% in May, as [[Notes/Pay]] says.",
			flushedAtMessageCount: 2,
		};
		await vault.process("Notes/Pay.md", (text) => `---\nassistant: private\n---\n${text}`);
		const { request } = await sessionRequestBuilder(deps, [])(conversation, state, "Thanks. Anything else?");
		expect(JSON.stringify(request.messages)).toContain("The user decided on a raise");
		expect(JSON.stringify(request.messages)).not.toContain("Notes/Pay");
	});
});

describe("derived text under today's rules, in every form that names a note", () => {
	const PRIVATE_NOTES = {
		"Projects/Thesis.md": "# Thesis\n",
		"Private/Salary talks.md": "# Salary talks\nAsk for 20% more.\n",
		"Notes/Pay.md": "---\nassistant: private\n---\n# Pay\nThe raise: 20% in May.\n",
		"Notes/Caf\u00e9 secret.md": "---\ntags: [health]\n---\n# Clinic\n",
	};
	const RULES = { excludedFolders: ["Private"], excludedTags: ["health"] };

	it("daily memory kept in the user's own daily note is read through today's rules", async () => {
		const { run } = await toolsOver(
			{
				...PRIVATE_NOTES,
				"Daily/2026-03-15.md":
					"# 2026-03-15\n\n## Assistant\n- 10:00 Helped prepare [[Salary talks]] for the raise discussion.\n",
			},
			{ ...RULES, dailyNotesFolder: "Daily" },
		);
		const read = await run("memory_get", { path: "Daily/2026-03-15.md" });
		expect(read.isError).toBe(false);
		expect(read.text).toContain("for the raise discussion");
		expect(read.text).not.toContain("Salary");
		const found = await run("memory_search", { query: "raise discussion" });
		expect(found.text).toContain("Daily/2026-03-15.md");
		expect(found.text).not.toContain("Salary");
	});

	// Each as Obsidian reads it in `memory/weekly/2026-W11.md`: relative paths from its folder, `%2F` decoded.
	it.each([
		["a relative markdown link", "- Went over [the figures](../../Notes/Pay.md) twice."],
		["a markdown link relative to the note's folder", "- Kept [a copy](./Pay.md) at hand."],
		["a relative wikilink", "- Compared with [[../../Notes/Pay]]."],
		["a wikilink whose alias holds a bracket", "- Prepared [[Salary talks|the talk]b]]."],
		["a wikilink whose heading holds a bracket", "- Read [[Salary talks#First]round]]."],
		["a wikilink spelled decomposed", "- Booked the visit from [[Cafe\u0301 secret]]."],
		["a reference definition", "[1]: <Notes/Pay>"],
		["an obsidian:// URI", "- Opened obsidian://open?vault=Vault&file=Notes%2FPay on the phone."],
		["an HTML link", '- Printed <a href="Notes/Pay">the sheet</a>.'],
		["a path in prose", "- The May figures are in Notes/Pay, for now."],
		["a markdown link with a title in single quotes", "- Went over [the figures](Pay 'May') twice."],
		["a markdown link with a title in parentheses", "- Went over [the figures](Pay (May)) twice."],
		["a markdown link whose text holds brackets", "- Went over [the [May] figures](Pay) twice."],
		[
			"an obsidian:// URI naming the file's path on disk",
			"- Opened obsidian://open?path=%2FUsers%2Fme%2FVault%2FNotes%2FPay.md at home.",
		],
		["an Advanced URI naming the file", "- Opened obsidian://adv-uri?vault=Vault&filepath=Notes%2FPay.md at home."],
	])("a weekly summary withholds %s to a note private now", async (_form, line) => {
		const week = `# Week 2026-W11\n\n${line}\n- Finished the thesis outline in [[Thesis]].\n`;
		const { run } = await toolsOver({ ...PRIVATE_NOTES, "memory/weekly/2026-W11.md": week }, RULES);
		const read = await run("memory_get", { path: "memory/weekly/2026-W11.md" });
		expect(read.isError).toBe(false);
		expect(read.text).toContain("Finished the thesis outline in [[Thesis]].");
		expect(read.text).toMatch(/a note that is private now|Withheld: this line/);
		expect(read.text).not.toMatch(/Pay|Salary|Cafe/);
	});

	it("withholds an excluded tag the assistant's own escaping wrote", async () => {
		const { run } = await toolsOver(
			{ ...PRIVATE_NOTES, "memory/weekly/2026-W11.md": "# Week 2026-W11\n\n- Sorted the \\#health/clinic letters.\n" },
			RULES,
		);
		const read = await run("memory_get", { path: "memory/weekly/2026-W11.md" });
		expect(read.isError).toBe(false);
		expect(read.text).toContain("Sorted the [a tag that is private now] letters.");
		expect(read.text).not.toContain("health");
	});

	it("a summary a tool read in an earlier turn no longer names a note made private since, in its text or its data", async () => {
		// The tools the chat offers, memory_history among them.
		const tools = await writeToolsOver({
			"Notes/Salary talks.md": "# Salary talks\nAsk for 20% more.\n",
			"Projects/Raise.md": "# Raise\nThe raise discussion is in May: the raise discussion decides it.\n",
			"memory/weekly/2026-W11.md": "# Week 2026-W11\n\n- Prepared [[Salary talks]] for the raise discussion.\n",
		});
		const history = await tools.run("memory_history", { weeks: 4 });
		const found = await tools.run("memory_search", { query: "raise discussion" });
		expect(history.text).toContain("[[Salary talks]]");
		expect(found.text).toContain("Salary talks|Salary talks]] for the raise discussion");
		const conversation: ChatMessage[] = [
			{ role: "user", content: [{ type: "text", text: "What did we do for the raise?" }] },
			{
				role: "assistant",
				content: [
					{ type: "tool_use", id: "t1", name: "memory_history", input: { weeks: 4 } },
					{ type: "tool_use", id: "t2", name: "memory_search", input: { query: "raise discussion" } },
				],
			},
			{ role: "user", content: [toolResultBlock("t1", history), toolResultBlock("t2", found)] },
			{ role: "assistant", content: [{ type: "text", text: "You prepared for it." }] },
		];
		await tools.vault.process("Notes/Salary talks.md", (text) => `---\nassistant: private\n---\n${text}`);
		const request = await sessionPrepareRequest(tools.deps, [])(conversation, "Thanks. Anything else?");
		const results = request.messages.flatMap((message) =>
			message.content.flatMap((block) => (block.type === "tool_result" ? [block] : [])),
		);
		expect(results).toHaveLength(2);
		for (const result of results) {
			expect(result.content).toContain("Prepared [a note that is private now] for the raise discussion.");
			expect(JSON.stringify(result)).not.toContain("Salary");
		}
		expect(JSON.stringify(results[1].data)).toContain("for the raise discussion");
	});
});

// A search shows, under its results, the opening of the notes its best result links to: a derived
// note among them is read through today's rules like one the search found itself.
describe("a derived note a search result links to", () => {
	it("is shown under the results without a link to a note private now", async () => {
		const { run } = await writeToolsOver(
			{
				"Notes/plan.md": "# Plan\nThe zebra plan is set. See [[memory/weekly/2026-W10]].\n",
				"memory/weekly/2026-W10.md": "# 2026-W10\n\nWe talked over [[Salary talks]] at length.\n",
				"Private/Salary talks.md": "# Salary talks\nNumbers.\n",
			},
			{ excludedFolders: ["Private"] },
		);
		const found = await run("memory_search", { query: "zebra plan" });
		expect(found.text).toContain("We talked over");
		expect(found.text).not.toContain("Salary");
	});
});

/**
 * Three commands send derived text whole, each under today's rules: the weekly summary (a week of
 * daily memory), the consolidation of long-term memory (the whole of memory.md) and a prompt run on
 * an open daily note (its text in the message).
 */
describe("derived text a command sends whole", () => {
	const NOW = "2026-11-28T10:00:00.000Z";
	const SALARY = { "Private/Salary talks.md": "# Salary talks\nAsk for 20% more.\n" };

	it("builds the weekly summary from daily memory read through today's rules, by the model or by extract", async () => {
		const days = {
			...SALARY,
			"memory/daily/2026-11-17.md":
				"# 2026-11-17\n\n## Log\n- 09:10 Prepared [[Salary talks]] for Friday.\n- 14:00 Booked the sleep lab.\n",
		};
		const request = (model: TextModel | null): WeeklySummaryRequest => ({
			week: "2026-W47",
			target: assistantFolderTarget(layoutFor("")),
			layout: layoutFor(""),
			model,
			actor: "user",
			force: true,
		});
		const prompts: string[] = [];
		const model: TextModel = { complete: (sent) => (prompts.push(sent.prompt), Promise.resolve("- Lab booked.")) };
		const fixture = memoryFixture(days, NOW, ["Private"]);
		expect((await buildWeeklySummary(fixture.deps, request(model))).author).toBe("model");
		expect(prompts[0]).toContain("Booked the sleep lab");
		expect(prompts[0]).not.toContain("Salary");
		expect((await buildWeeklySummary(fixture.deps, request(null))).author).toBe("extract");
		const extract = await fixture.vault.read("memory/weekly/2026-W47.md");
		expect(extract).toContain("Booked the sleep lab");
		expect(extract).not.toContain("Salary");
	});

	it("does not send memory.md to the model while it names a note private now, and loses none of its text", async () => {
		const memory = "# Memory\n\n## Promoted from 2026-11-01\n\n- Raise: see [[Salary talks]].\n- Mei drinks tea.\n";
		const sent: string[] = [];
		const model: TextModel = {
			complete: (request) => (sent.push(request.prompt), Promise.resolve("# Memory\n- Short.")),
		};
		const { deps } = memoryFixture({ ...SALARY, "memory.md": memory }, NOW, ["Private"]);
		const proposal = await proposeConsolidation(deps.vault, "memory.md", { capTokens: 5, model });
		expect(sent).toEqual([]);
		expect(proposal).toMatchObject({ author: "offline", namesPrivate: true });
		expect(proposal?.proposed).toContain("- Raise: see [[Salary talks]].");
		// Nothing private named: the model proposes, as before.
		const open = memoryFixture({ ...SALARY, "memory.md": memory }, NOW);
		expect(await proposeConsolidation(open.deps.vault, "memory.md", { capTokens: 5, model })).toMatchObject({
			author: "model",
			namesPrivate: false,
		});
		expect(sent).toEqual([memory]);
	});

	it("fills a prompt's note and selection from an open daily note through today's rules", async () => {
		const layout = layoutFor("");
		const vault = new MemoryVault({
			files: {
				...SALARY,
				"Prompts/Review.md": "Review {{note}}\nFocus: {{selection}}",
				"memory/daily/2026-11-17.md": "# 2026-11-17\n\n## Log\n- Prepared [[Salary talks]] for Friday.\n",
			},
		});
		const view = viewOf(vault, { excludedFolders: ["Private"] }, layout);
		const entry = { name: "Review", path: "Prompts/Review.md", commandId: "review" };
		const context = {
			notePath: "memory/daily/2026-11-17.md",
			selection: "Prepared [[Salary talks]]",
			today: "2026-11-28",
			rest: "",
		};
		const prepared = await preparePrompt(view, entry, context, promptReader(view, layout));
		if ("refused" in prepared) throw new Error(`The prompt was refused: ${prepared.refused}`);
		expect(prepared.text).toContain("for Friday");
		expect(prepared.text).not.toContain("Salary");
		expect(JSON.stringify(prepared.fromNote)).not.toContain("Salary");
	});
});
