/**
 * A note the assistant read in a turn's first round, then hidden by the user before the turn's
 * next request: every request of the turn sends the tool results of the rounds before it again,
 * and the note's text must not be among them. The real SDK talks to the fake Messages API; the
 * note is hidden while the turn waits between its rounds, each of the four ways a file turns private.
 * A note the user put in the request's context (the open note, a mention, a selection, a prompt's
 * placeholders) is sent with every request of the turn too, and is withheld the same way.
 */
import { renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ReceiptLog } from "../../src/core/audit/receiptLog";
import {
	ChatSession,
	type ContextNotes,
	type SessionEvent,
	type ToolSupport,
	type TurnPorts,
} from "../../src/core/agent/session";
import { runHeartbeat } from "../../src/core/heartbeat";
import { assistantFolderTarget } from "../../src/core/memory/daily";
import { defaultSettings } from "../../src/core/workspace/data/settings";
import { defaultState } from "../../src/core/workspace/data/state";
import { ASSISTANT_CALLOUT_HEADER } from "../../src/core/text/assistantCallout";
import { preparePrompt, type PreparedPrompt, type PromptRefusal } from "../../src/core/prompts";
import { fileName } from "../../src/core/vault/paths";
import { textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { writeToolsOver, type WriteToolVault } from "../core/agent/tools/writeToolFixture";
import { openHeadlessWorkspace } from "../../scripts/lib/headless";
import { openHeadlessMemory } from "../../scripts/lib/headlessMemory";
import { TempVault } from "../headless/tempVault";
import { receiptsInMemory } from "../harness/receipts";
import { promptReader } from "../harness/promptReader";
import { claudeAt } from "../harness/fakeAnthropic/claudeClient";
import { realDelay } from "../llm/modelFixture";

const fake = useFakeAnthropic();
const MARKER = "okapi-plan-4471";
/** An image whose bytes hold a marker: it must not reach the server once the only note embedding it is private. */
const PNG = Buffer.concat([
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
	Buffer.from("okapi-scan-9902"),
]);

const delay = realDelay;

async function vaultWithPlan(): Promise<WriteToolVault> {
	return writeToolsOver(
		{
			"Notes/plan.md": `# Plan\n${MARKER}\n`,
			"Prompts/review.md": "Review this note:\n\n{{note}}",
			"Prompts/explain.md": "Explain {{selection}} in a sentence.",
			"Prompts/compare.md": "Compare:\n{{note}}\n---\n{{note}}",
			"Notes/trip.md": "# Trip\nThe scan: ![[scan.png]]\n",
			"Files/scan.png": PNG,
			"Notes/other.md": "# Other\nNothing private here.\n",
		},
		{ excludedFolders: ["Private"], excludedTags: ["secret"] },
	);
}

/**
 * Runs one chat turn whose model reads `path` in its first round and answers after a second
 * round; `hide` runs once the first round's tool call finished, before the request that follows it.
 */
async function turnHidingBetweenRounds(
	tools: WriteToolVault,
	path: string,
	hide: () => Promise<void>,
	firstCall = toolUseReply("memory_get", { path }),
): Promise<readonly string[]> {
	fake().enqueue(firstCall, toolUseReply("memory_get", { path: "Notes/other.md" }), textReply("Done."));
	await sendHidingAfterFirstCall(tools, hide, "What is in my plan?");
	// The messages: where tool results go (the whole body would only make a failure unreadable).
	return fake().messageBodies.map((body) => JSON.stringify((body as { messages: unknown }).messages));
}

/**
 * Sends `message` in a new chat over the fake server, its requests' receipts kept in `receipts`;
 * `hide` runs once the turn's first tool call finished.
 */
async function sendHidingAfterFirstCall(
	tools: WriteToolVault,
	hide: () => Promise<void>,
	message: string,
	notes: ContextNotes = {},
	{ receipts = receiptsInMemory().receipts, toolSupport }: { receipts?: ReceiptLog; toolSupport?: ToolSupport } = {},
): Promise<void> {
	const ports: TurnPorts = {
		model: claudeAt(fake().baseURL, receipts),
		modelId: "claude-test",
		tools: tools.deps,
		delay,
		transcript: null,
		...(toolSupport !== undefined && { toolSupport }),
	};
	const session = new ChatSession(() => ports, { now: () => new Date("2026-03-15T12:00:00Z") });
	let finished = 0;
	for await (const event of session.send(message, notes))
		if (event.type === "tool-finished" && finished++ === 0) await hide();
}

describe("a file hidden between two rounds of one turn", () => {
	it.each([
		[
			"marked assistant: private",
			(tools: WriteToolVault) =>
				tools.vault.process("Notes/plan.md", (text) => `---\nassistant: private\n---\n${text}`),
		],
		[
			"tagged with an excluded tag",
			(tools: WriteToolVault) => tools.vault.process("Notes/plan.md", (text) => `---\ntags: [secret]\n---\n${text}`),
		],
		[
			"moved into an excluded folder",
			(tools: WriteToolVault) => tools.vault.rename("Notes/plan.md", "Private/plan.md"),
		],
	])("is not sent in the turn's later requests when %s", async (_way, hide) => {
		const tools = await vaultWithPlan();
		const bodies = await turnHidingBetweenRounds(tools, "Notes/plan.md", async () => {
			await hide(tools);
			expect(tools.deps.vault.stat("Notes/plan.md")).toBeNull();
		});
		expect(bodies).toHaveLength(3);
		// The first round's result is in the second request before the note is hidden: the test reads it.
		expect(bodies[1]).not.toContain(MARKER);
		expect(bodies[2]).not.toContain(MARKER);
		expect(bodies[1]).toContain("Withheld: this result came from a note that is private now.");
		// The other rounds' results are sent as they were.
		expect(bodies[2]).toContain("Nothing private here.");
	});

	it("is not sent when it is an image whose only embedding note turned private", async () => {
		const tools = await vaultWithPlan();
		const bodies = await turnHidingBetweenRounds(tools, "Files/scan.png", async () => {
			await tools.vault.process("Notes/trip.md", (text) => `---\nassistant: private\n---\n${text}`);
			expect(tools.deps.vault.stat("Files/scan.png")).toBeNull();
		});
		expect(bodies).toHaveLength(3);
		for (const body of bodies.slice(1)) {
			expect(body).not.toContain(PNG.toString("base64"));
			expect(body).not.toContain('"type":"image"');
		}
	});

	// A search's result holds the passages twice, in its text and in its data: both are withheld.
	it("is not sent when a search of the first round found it", async () => {
		const tools = await vaultWithPlan();
		const bodies = await turnHidingBetweenRounds(
			tools,
			"Notes/plan.md",
			() =>
				tools.vault.process("Notes/plan.md", (text) => `---\nassistant: private\n---\n${text}`).then(() => undefined),
			toolUseReply("memory_search", { query: MARKER }),
		);
		expect(bodies[1]).not.toContain(MARKER);
		expect(bodies[2]).not.toContain(MARKER);
	});

	it("is still sent while it stays visible", async () => {
		const tools = await vaultWithPlan();
		const bodies = await turnHidingBetweenRounds(tools, "Notes/plan.md", () =>
			tools.vault.process("Notes/other.md", (text) => `${text}More.\n`).then(() => undefined),
		);
		expect(bodies[1]).toContain(MARKER);
		expect(bodies[2]).toContain(MARKER);
	});

	// On disk a note may become a symbolic link, which the store refuses to read or even look at:
	// the note is withheld as a hidden one, and the turn goes on.
	it("is not sent, and the turn goes on, when it was replaced by a symbolic link on disk", async () => {
		const disk = new TempVault()
			.put("Notes/plan.md", `# Plan\n${MARKER}\n`)
			.put("Notes/other.md", "# Other\nNothing private here.\n");
		try {
			const headless = await openHeadlessWorkspace(disk.root, { now: "2026-03-15T12:00:00Z" });
			const memory = await openHeadlessMemory(headless);
			const { workspace } = headless;
			const ports: TurnPorts = {
				model: claudeAt(fake().baseURL),
				modelId: "claude-test",
				tools: {
					...memory.deps,
					writer: workspace.writer,
					actor: "assistant",
					daily: assistantFolderTarget(workspace.layout),
				},
				delay,
				transcript: null,
			};
			fake().enqueue(
				toolUseReply("memory_get", { path: "Notes/plan.md" }),
				toolUseReply("memory_get", { path: "Notes/other.md" }),
				textReply("Done."),
			);
			const events: SessionEvent[] = [];
			for await (const event of new ChatSession(() => ports, headless.clock).send("What is in my plan?")) {
				events.push(event);
				if (event.type === "tool-finished" && events.filter((seen) => seen.type === "tool-finished").length === 1) {
					renameSync(join(disk.root, "Notes/plan.md"), join(disk.root, "plan-elsewhere.md"));
					symlinkSync(join(disk.root, "plan-elsewhere.md"), join(disk.root, "Notes/plan.md"));
				}
			}
			const bodies = fake().messageBodies.map((body) => JSON.stringify((body as { messages: unknown }).messages));
			expect(bodies).toHaveLength(3);
			expect(bodies[1]).not.toContain(MARKER);
			expect(bodies[2]).toContain("Nothing private here.");
			expect(events.at(-1)).toMatchObject({ type: "done", result: { stopReason: "end_turn" } });
		} finally {
			disk.remove();
		}
	});
});

/** Each way of hiding `path`, as the user hides a note. */
function waysToHide(path: string): readonly [string, (tools: WriteToolVault) => Promise<unknown>][] {
	return [
		[
			"marked assistant: private",
			(tools) => tools.vault.process(path, (text) => `---\nassistant: private\n---\n${text}`),
		],
		[
			"tagged with an excluded tag",
			(tools) => tools.vault.process(path, (text) => `---\ntags: [secret]\n---\n${text}`),
		],
		["moved into an excluded folder", (tools) => tools.vault.rename(path, `Private/${fileName(path)}`)],
	];
}

const WAYS_TO_HIDE = waysToHide("Notes/plan.md");

const PLAN_START = "# Plan\n".length;
/** The ways the user puts the plan in a message's context. */
const IN_CONTEXT: readonly [string, string, ContextNotes][] = [
	["the open note", "What should I do next?", { currentNotePath: "Notes/plan.md" }],
	["a [[mention]]", "What is in [[plan]]?", {}],
	[
		"an attached selection",
		"What does this mean?",
		{ selection: { path: "Notes/plan.md", from: PLAN_START, to: PLAN_START + MARKER.length, text: MARKER } },
	],
];

/**
 * The whole body of each request of a turn with `notes` in its context, whose model reads another
 * note in each of two rounds before it answers; `hide` runs between the first round and the second.
 */
async function requestsHidingContextBetweenRounds(
	tools: WriteToolVault,
	message: string,
	notes: ContextNotes,
	hide: () => Promise<unknown>,
): Promise<readonly string[]> {
	const other = toolUseReply("memory_get", { path: "Notes/other.md" });
	fake().enqueue(other, toolUseReply("memory_get", { path: "Notes/other.md" }), textReply("Done."));
	await sendHidingAfterFirstCall(tools, () => hide().then(() => undefined), message, notes);
	return fake().messageBodies.map((body) => JSON.stringify(body));
}

describe("a note put in a message's context, hidden between two rounds of its turn", () => {
	const cases = IN_CONTEXT.flatMap(([what, message, notes]) =>
		WAYS_TO_HIDE.map(([way, hide]) => [what, way, message, notes, hide] as const),
	);
	it.each(cases)("%s is not sent in the turn's later requests when %s", async (_what, _way, message, notes, hide) => {
		const tools = await vaultWithPlan();
		const bodies = await requestsHidingContextBetweenRounds(tools, message, notes, async () => {
			await hide(tools);
			expect(tools.deps.vault.stat("Notes/plan.md")).toBeNull();
		});
		expect(bodies).toHaveLength(3);
		// The first request was prepared while the note was visible: the test reads it.
		expect(bodies[0]).toContain(MARKER);
		for (const body of bodies.slice(1)) {
			expect(body).not.toContain(MARKER);
			expect(body).toContain("Withheld: this note is private now.");
			// The rest of the request is sent as it was.
			expect(body).toContain("Nothing private here.");
		}
	});

	it.each(IN_CONTEXT)("%s is still sent while it stays visible", async (_what, message, notes) => {
		const tools = await vaultWithPlan();
		const bodies = await requestsHidingContextBetweenRounds(tools, message, notes, () =>
			tools.vault.process("Notes/other.md", (text) => `${text}More.\n`),
		);
		expect(bodies).toHaveLength(3);
		for (const body of bodies) expect(body).toContain(MARKER);
		expect(bodies[2]).not.toContain("Withheld");
	});
});

/** `name` in the prompts folder, filled from the plan with `selection` selected in it. */
async function promptOverPlan(tools: WriteToolVault, name: string, selection: string): Promise<PreparedPrompt> {
	const entry = { name, path: `Prompts/${name}.md`, commandId: name };
	const context = { notePath: "Notes/plan.md", selection, today: "2026-03-15", rest: "" };
	const prepared: PreparedPrompt | PromptRefusal = await preparePrompt(
		tools.deps.vault,
		entry,
		context,
		promptReader(tools.deps.vault),
	);
	if ("refused" in prepared) throw new Error(`The prompt was refused: ${prepared.refused}`);
	return prepared;
}

describe("a note filled into a prompt, hidden between two rounds of its turn", () => {
	const cases = [
		["{{note}}", "review", ""],
		["{{selection}}", "explain", MARKER],
	].flatMap(([placeholder, name, selection]) =>
		WAYS_TO_HIDE.map(([way, hide]) => [placeholder, way, name, selection, hide] as const),
	);
	it.each(cases)(
		"what %s filled is not sent in the turn's later requests when %s",
		async (_p, _w, name, selection, hide) => {
			const tools = await vaultWithPlan();
			const prompt = await promptOverPlan(tools, name, selection);
			const bodies = await requestsHidingContextBetweenRounds(tools, prompt.text, { fromNote: prompt.fromNote }, () =>
				hide(tools),
			);
			expect(bodies).toHaveLength(3);
			expect(bodies[0]).toContain(MARKER);
			for (const body of bodies.slice(1)) {
				expect(body).not.toContain(MARKER);
				expect(body).toContain("Withheld: this note is private now.");
			}
			// The prompt's own words stay.
			expect(bodies[2]).toContain(name === "review" ? "Review this note:" : "in a sentence.");
		},
	);

	// The note and the selection share one budget: the second copy is cut, and withheld as cut.
	it("is not sent in the later requests when a repeated {{note}} was cut by the budget", async () => {
		const tools = await vaultWithPlan();
		await tools.vault.process("Notes/plan.md", (text) => `${text}${"padding ".repeat(7_000)}\n`);
		const prompt = await promptOverPlan(tools, "compare", "");
		expect(prompt.notices).toContain("repeats-cut");
		const bodies = await requestsHidingContextBetweenRounds(tools, prompt.text, { fromNote: prompt.fromNote }, () =>
			tools.vault.process("Notes/plan.md", (text) => `---\nassistant: private\n---\n${text}`),
		);
		expect(bodies[0]).toContain(MARKER);
		for (const body of bodies.slice(1)) expect(body).not.toContain(MARKER);
		expect(bodies[2]).toContain("Compare:");
	});

	it("is still sent while the note stays visible", async () => {
		const tools = await vaultWithPlan();
		const prompt = await promptOverPlan(tools, "review", "");
		const bodies = await requestsHidingContextBetweenRounds(tools, prompt.text, { fromNote: prompt.fromNote }, () =>
			tools.vault.process("Notes/other.md", (text) => `${text}More.\n`),
		);
		for (const body of bodies) expect(body).toContain(MARKER);
	});
});

/**
 * The files the assistant puts in every request of a turn besides what the user put in context,
 * each with a message that loads it (a weekly summary only for a question about the past).
 */
const ASSISTANT_FILES: readonly [string, string, string, string][] = [
	["user.md", "user.md", `# User\nMy code name is ${MARKER}.\n`, "What should I do next?"],
	["memory.md's hot memory", "memory.md", `# Memory\n\n## Preferences\n- Call me ${MARKER}.\n`, "What next?"],
	[
		"a weekly summary",
		"memory/weekly/2026-W10.md",
		`# 2026-W10\nWe chose ${MARKER}.\n`,
		"What did we decide last week?",
	],
	[
		"the vault map",
		"Vault map.md",
		`# Vault map\n\n${ASSISTANT_CALLOUT_HEADER}\n> | Folder | Role |\n> | --- | --- |\n> | ${MARKER} | notes |\n`,
		"What next?",
	],
];

describe("a file the assistant sends with every request, hidden between two rounds of its turn", () => {
	const cases = ASSISTANT_FILES.flatMap(([what, path, text, message]) =>
		waysToHide(path).map(([way, hide]) => [what, way, path, text, message, hide] as const),
	);
	it.each(cases)(
		"%s is neither sent nor named in the turn's later requests when %s",
		async (_what, _way, path, text, message, hide) => {
			const tools = await vaultWithPlan();
			await tools.vault.create(path, text);
			const { receipts } = receiptsInMemory();
			fake().enqueue(
				toolUseReply("memory_get", { path: "Notes/other.md" }),
				toolUseReply("memory_get", { path: "Notes/other.md" }),
				textReply("Done."),
			);
			const hideIt = async () => {
				await hide(tools);
				expect(tools.deps.vault.stat(path)).toBeNull();
			};
			await sendHidingAfterFirstCall(tools, hideIt, message, {}, { receipts });
			const bodies = fake().messageBodies.map((body) => JSON.stringify(body));
			expect(bodies).toHaveLength(3);
			// The first request was prepared while the file was visible: the test reads it.
			expect(bodies[0]).toContain(MARKER);
			for (const body of bodies.slice(1)) {
				expect(body).not.toContain(MARKER);
				expect(body).toContain("Nothing private here.");
			}
			const named = (await receipts.read()).map((receipt) => receipt.paths);
			expect(named[0]).toContain(path);
			for (const paths of named.slice(1)) expect(paths).not.toContain(path);
		},
	);
});

// A model that cannot call tools answers from a search of the notes made for the message: the
// search runs first, shown as a tool call, and the one request of the turn follows it.
describe("a note a grounding search found, hidden before the turn's request", () => {
	const toolsOff: ToolSupport = { toolsOff: true, toolsFailed: () => Promise.resolve() };
	it.each(WAYS_TO_HIDE)("is neither sent nor named when %s", async (_way, hide) => {
		const tools = await vaultWithPlan();
		const { receipts } = receiptsInMemory();
		fake().enqueue(textReply("Done."));
		const hideIt = async () => {
			await hide(tools);
			expect(tools.deps.vault.stat("Notes/plan.md")).toBeNull();
		};
		await sendHidingAfterFirstCall(tools, hideIt, "What is in my plan?", {}, { receipts, toolSupport: toolsOff });
		const bodies = fake().messageBodies.map((body) => JSON.stringify((body as { system: unknown }).system));
		expect(bodies).toHaveLength(1);
		expect(bodies[0]).toContain("The plugin searched the user's notes");
		expect(bodies[0]).not.toContain(MARKER);
		expect(bodies[0]).toContain("Withheld: this note is private now.");
		const [receipt] = await receipts.read();
		expect(receipt.paths).not.toContain("Notes/plan.md");
	});
});

// The heartbeat sends the identity files, its checklist and recent memory with both of its
// requests, the second after its one tool call: a note made private while that call ran is not in the second.
describe("a note the heartbeat sends, hidden while its tool call runs", () => {
	const HEARTBEAT_FILES = {
		"user.md": "# User\nMy code name is Heron.\n",
		"HEARTBEAT.md": "# Heartbeat\n\n## Checklist\n- [ ] Remind me of the dentist\n",
		"memory/daily/2026-03-14.md": "# 2026-03-14\n\n## Log\n- 09:00 The dentist is on Tuesday at ten.\n",
	};
	/** Each note the heartbeat sends, the marker in it, and what the second request still holds. */
	const SENT: readonly [string, string, string][] = [
		["user.md", `# User\nMy code name is ${MARKER}.\n`, "Tuesday at ten."],
		["HEARTBEAT.md", `# Heartbeat\n\n## Checklist\n- [ ] Ask about ${MARKER}\n`, "Tuesday at ten."],
		[
			"memory/daily/2026-03-14.md",
			`# 2026-03-14\n\n## Log\n- 09:00 Talked about ${MARKER}.\n`,
			"Remind me of the dentist",
		],
	];
	it.each(
		SENT.flatMap(([path, text, kept]) => waysToHide(path).map(([way, hide]) => [path, way, text, kept, hide] as const)),
	)("%s is not sent in its next request when %s", async (path, _way, text, kept, hide) => {
		const tools = await writeToolsOver(
			{ ...HEARTBEAT_FILES, [path]: text },
			{ excludedFolders: ["Private"], excludedTags: ["secret"] },
		);
		fake().enqueue(toolUseReply("memory_recent", { days: 2 }), textReply("The dentist is on Tuesday."));
		const recent = tools.deps.recentDailyMemory;
		// memory_recent is the heartbeat's tool call, after its first request: the user hides the note while it runs.
		const recentDailyMemory = async (days: number) => {
			if (fake().requests.length > 0) await hide(tools);
			return recent(days);
		};
		const model = claudeAt(fake().baseURL);
		await runHeartbeat(
			{ model, modelId: "claude-test", delay, vault: { ...tools.deps, recentDailyMemory } },
			{
				state: { ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-03-14" },
				settings: { ...defaultSettings(), heartbeatAllDay: true },
				busy: false,
			},
		);
		const bodies = fake().messageBodies.map((body) => JSON.stringify(body));
		expect(bodies).toHaveLength(2);
		expect(tools.deps.vault.stat(path)).toBeNull();
		expect(bodies[0]).toContain(MARKER);
		expect(bodies[1]).not.toContain(MARKER);
		expect(bodies[1]).toContain(kept);
	});
});
