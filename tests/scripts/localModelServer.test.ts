import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { en } from "../../src/i18n/en";
import { FakeAnthropic, textReply, toolUseReply } from "../harness/fakeAnthropic";
import { copyOfExampleVault, spawnCliListingConnections, type ListedRun } from "./runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(60_000);

const NOW = ["--now", "2026-11-28T10:00:00Z"];

/**
 * The server on the user's machine, as Ollama answers Anthropic's Messages API; and a second
 * one where `ANTHROPIC_BASE_URL` points, which must hear nothing: in local mode the command line
 * talks to the server its options name, and to nothing else.
 */
let server: FakeAnthropic;
let elsewhere: FakeAnthropic;
beforeAll(async () => {
	server = await FakeAnthropic.start({ profile: "ollama" });
	elsewhere = await FakeAnthropic.start();
});
afterEach(() => {
	server.reset();
	elsewhere.reset();
});
afterAll(async () => {
	await server.close();
	await elsewhere.close();
});

let vault: string;
beforeEach(() => (vault = copyOfExampleVault()));
afterEach(() => rmSync(vault, { recursive: true, force: true }));

/** `<command> … --provider compatible --base-url <the server> --model <model>`, with no Anthropic key in the environment. */
function onLocalServer(
	args: readonly string[],
	options: { model?: string; env?: Record<string, string> } = {},
): Promise<ListedRun> {
	const model = ["--model", options.model ?? "qwen3"];
	return spawnCliListingConnections(
		[...args, "--vault", vault, "--provider", "compatible", "--base-url", server.baseURL, ...model, ...NOW],
		{ ANTHROPIC_BASE_URL: elsewhere.baseURL, ...options.env },
	);
}

/** The only host a run may have contacted: the local server. */
function expectOnlyTheServer(run: ListedRun): void {
	expect(run.connections.length).toBeGreaterThan(0);
	expect(new Set(run.connections)).toEqual(new Set([new URL(server.baseURL).host]));
	expect(elsewhere.requests).toEqual([]);
}

const models = () => (server.messageBodies as { model: string }[]).map((body) => body.model);

describe("the command line on a model on the user's machine", () => {
	it("chat answers from the server at --base-url with the model given, tools and all, and contacts nothing else", async () => {
		const answer = "Dr. Lin wants the nap-length argument first [[People/Dr. Lin]].";
		server.enqueue(toolUseReply("memory_search", { query: "Dr. Lin thesis" }), textReply(answer));
		const run = await onLocalServer(["chat", "What does Dr. Lin want?", "--json"]);
		expect(run.stderr).not.toContain("error");
		expect(run.code).toBe(0);
		expect(run.stdout.split("\n")[0]).toBe(answer);
		expect(run.stderr).toContain('[tool] memory_search {"query":"Dr. Lin thesis"}');
		expect(models()).toEqual(["qwen3", "qwen3"]);
		const offered = (server.messageBodies[0] as { tools: { name: string }[] }).tools.map((tool) => tool.name);
		expect(offered).toContain("memory_search");
		const summary = JSON.parse(run.stdout.trimEnd().split("\n").pop() ?? "") as {
			usage: { costUsd: number | null; local?: boolean };
		};
		// Local: no cost, whatever the price table says of a model it does not know.
		expect(summary.usage).toMatchObject({ costUsd: 0, local: true });
		const [transcript] = readdirSync(join(vault, "chats")).map((name) =>
			readFileSync(join(vault, "chats", name), "utf8"),
		);
		expect(transcript).toContain("model: qwen3\n");
		expectOnlyTheServer(run);
	});

	it("chat sends the key in AW_SERVER_API_KEY to a server that asks for one, and no Anthropic key", async () => {
		server.enqueue(textReply("Hello."));
		const run = await onLocalServer(["chat", "Hello"], { env: { AW_SERVER_API_KEY: "local-secret" } });
		expect(run.code).toBe(0);
		const [request] = server.requests;
		const sent = [request.headers["x-api-key"], request.headers.authorization].join(" ");
		expect(sent).toContain("local-secret");
		expectOnlyTheServer(run);
	});

	it("chat on a model that cannot call tools answers from a search of the notes instead, and says tools are off", async () => {
		server.modelsWithoutTools = ["gemma3"];
		server.enqueue(textReply("Dr. Lin wants the nap-length argument first [[People/Dr. Lin]]."));
		const run = await onLocalServer(["chat", "What does Dr. Lin want?"], { model: "gemma3" });
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Dr. Lin wants the nap-length argument first [[People/Dr. Lin]].\n");
		expect(run.stderr).toContain("tools are off for it: the answer comes from a search of your notes.");
		const [withTools, grounded] = server.messageBodies as { tools?: unknown[]; system: unknown }[];
		expect(withTools.tools?.length).toBeGreaterThan(0);
		expect(grounded.tools ?? []).toEqual([]);
		// The search's passages are in the grounded request, the private note's never.
		expect(run.stderr).toContain("[tool] memory_search");
		expect(JSON.stringify(grounded.system)).toContain("People/Dr. Lin.md");
		expect(JSON.stringify(server.messageBodies)).not.toContain("Private/Health");
		expectOnlyTheServer(run);
	});

	it("chat says on stderr that the model is loading while the server is silent, then prints the answer", async () => {
		// Past the five seconds after which a local server's silence reads as a model loading.
		server.enqueue(textReply("Hello.", { loadingMs: 6500 }));
		const run = await onLocalServer(["chat", "Hello"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("Hello.\n");
		expect(run.stderr.split("\n")).toContain(
			"Loading the model: a local server reads it into memory before its first answer.",
		);
	});

	it.each(["lm-studio", "llama-cpp"] as const)("chat answers from a server that streams as %s does", async (preset) => {
		const other = await FakeAnthropic.start({ profile: preset });
		try {
			const answer = "Dr. Lin wants chapter 2 first [[People/Dr. Lin]].";
			other.enqueue(toolUseReply("memory_search", { query: "Dr. Lin thesis" }), textReply(answer));
			const args = ["--provider", "compatible", "--preset", preset, "--base-url", other.baseURL, "--model", "qwen3"];
			const run = await spawnCliListingConnections(
				["chat", "What does Dr. Lin want?", "--vault", vault, ...args, ...NOW],
				{ ANTHROPIC_BASE_URL: elsewhere.baseURL },
			);
			expect(run.stderr).not.toContain("error");
			expect(run.stdout).toBe(`${answer}\n`);
			expect(run.stderr).toContain('[tool] memory_search {"query":"Dr. Lin thesis"}');
			expect(new Set(run.connections)).toEqual(new Set([new URL(other.baseURL).host]));
		} finally {
			await other.close();
		}
	});

	it("--preset ollama without --base-url goes to Ollama's usual address, and only there; nothing listening, it says so", async () => {
		const run = await spawnCliListingConnections(
			["chat", "Hello", "--vault", vault, "--provider", "compatible", "--preset", "ollama", "--model", "qwen3"],
			{ ANTHROPIC_BASE_URL: elsewhere.baseURL },
		);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(
			`error: ${en["model-error.server.server-unreachable"].replace("{server}", "Ollama").replace("{address}", "http://localhost:11434")}`,
		);
		expect(run.connections.length).toBeGreaterThan(0);
		expect(new Set(run.connections)).toEqual(new Set(["localhost:11434"]));
		expect(elsewhere.requests).toEqual([]);
	});

	it("heartbeat asks the local server, speaks, and keeps its state in data.json", async () => {
		writeFileSync(join(vault, "HEARTBEAT.md"), "# Heartbeat\n\n## Checklist\n- [ ] Remind me to call mom on Sundays\n");
		server.enqueue(textReply("Reminder: call mom at 5pm."));
		const run = await onLocalServer(["heartbeat", "--onboarded", "--active-hours", "all-day", "--json"]);
		expect(run.stderr).not.toContain("error");
		expect(JSON.parse(run.stdout.trim())).toEqual({
			ran: true,
			reason: null,
			silent: false,
			text: "Reminder: call mom at 5pm.",
		});
		expect(models()).toEqual(["qwen3"]);
		expect(readFileSync(join(vault, "memory", "daily", "2026-11-28.md"), "utf8")).toContain(
			"- 10:00 Reminder: call mom at 5pm.",
		);
		expectOnlyTheServer(run);
	});

	it("heartbeat on a model that cannot call tools asks it again without them, and speaks", async () => {
		writeFileSync(join(vault, "HEARTBEAT.md"), "# Heartbeat\n\n## Checklist\n- [ ] Remind me to call mom on Sundays\n");
		server.modelsWithoutTools = ["gemma3"];
		server.enqueue(textReply("Reminder: call mom at 5pm."));
		const run = await onLocalServer(["heartbeat", "--onboarded", "--active-hours", "all-day", "--json"], {
			model: "gemma3",
		});
		expect(run.stderr).not.toContain("error");
		expect(JSON.parse(run.stdout.trim())).toMatchObject({ ran: true, text: "Reminder: call mom at 5pm." });
		const offered = (server.messageBodies as { tools?: unknown[] }[]).map((body) => (body.tools ?? []).length > 0);
		expect(offered).toEqual([true, false]);
		expectOnlyTheServer(run);
	});

	it("weekly has the local server write the week's summary", async () => {
		mkdirSync(join(vault, "memory", "daily"), { recursive: true });
		writeFileSync(
			join(vault, "memory", "daily", "2026-11-17.md"),
			"# 2026-11-17\n\n## Log\n- 09:10 Booked the sleep lab.\n",
		);
		server.enqueue(textReply("## Decisions\n- The sleep lab is booked."));
		const run = await onLocalServer(["weekly", "--week", "2026-W47"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toBe("memory/weekly/2026-W47.md\n");
		expect(run.stderr).toContain("(by the model)");
		expect(readFileSync(join(vault, "memory", "weekly", "2026-W47.md"), "utf8")).toContain("The sleep lab is booked.");
		expect(models()).toEqual(["qwen3"]);
		expectOnlyTheServer(run);
	});

	it("organize takes the local server's folder for a note", async () => {
		server.enqueue(textReply('{"folder": "Notes", "why": "A method, not a project."}'));
		const run = await onLocalServer(["organize", "--note", "Welcome.md", "--json"]);
		expect(run.code).toBe(0);
		expect(JSON.parse(run.stdout.trim())).toMatchObject({ folder: "Notes" });
		expect(run.stdout).toContain("A method, not a project.");
		expect(models()).toEqual(["qwen3"]);
		expect(existsSync(join(vault, "Welcome.md"))).toBe(true);
		expectOnlyTheServer(run);
	});
});
