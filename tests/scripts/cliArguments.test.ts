import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyOfExampleVault, runCli, runCliWith, type CliRun } from "./runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(120_000);

/** One line on stderr, `error: …`, exit code 1, nothing on stdout: how every refusal ends. */
function expectOneLineRefusal(run: CliRun, expected: string | RegExp): void {
	expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: "" });
	const lines = run.stderr.split("\n").filter((line) => line !== "");
	expect(lines).toHaveLength(1);
	expect(lines[0]).toMatch(/^error: /);
	expect(lines[0]).toEqual(typeof expected === "string" ? `error: ${expected}` : expect.stringMatching(expected));
}

describe("the command line's arguments", () => {
	const vault = copyOfExampleVault();
	const memory = () => (existsSync(join(vault, "memory.md")) ? readFileSync(join(vault, "memory.md"), "utf8") : null);
	const before = memory();

	it.each([
		[["promote", "--date", "../../x"], '--date is a calendar date written YYYY-MM-DD, not "../../x".'],
		[["promote", "--date", "2026-13-45"], '--date is a calendar date written YYYY-MM-DD, not "2026-13-45".'],
		[["weekly", "--week", "2026-W99", "--offline"], '--week is an ISO week such as 2026-W47, not "2026-W99".'],
		[
			["archive", "--now", "garbage"],
			'--now is a date and time in ISO 8601, such as 2026-11-29T08:00:00Z, not "garbage".',
		],
		[["archive", "--now", "1"], '--now is a date and time in ISO 8601, such as 2026-11-29T08:00:00Z, not "1".'],
		[["search", "kayak", "--limit", "-3"], '--limit is a whole number of 1 or more, not "-3".'],
		[["search", "kayak", "--limit", "abc"], '--limit is a whole number of 1 or more, not "abc".'],
		[
			["organize", "--note", "../outside.md", "--offline"],
			'--note is a note\'s path inside the vault, such as Projects/Plan.md, not "../outside.md".',
		],
		[
			["organize", "--note", "/etc/passwd", "--offline"],
			'--note is a note\'s path inside the vault, such as Projects/Plan.md, not "/etc/passwd".',
		],
		[
			["chat", "hi", "--base-url", "file:///etc"],
			'--base-url is an http or https address, such as http://127.0.0.1:8080, not "file:///etc".',
		],
		[["chat", "hi", "--provider", "openai"], '--provider is anthropic or compatible, not "openai".'],
		[
			["chat", "hi", "--provider", "compatible", "--model", "qwen3", "--base-url", "http://me:secret@127.0.0.1:9"],
			"--base-url takes a server's address such as http://localhost:11434 (http or https, with no user, password, query or #); the address given is not shown, as it may hold a password.",
		],
		[
			["chat", "hi", "--provider", "compatible", "--preset", "vllm", "--model", "qwen3"],
			'--preset is ollama, lm-studio, llama-cpp or custom, not "vllm".',
		],
		[
			["chat", "hi", "--provider", "compatible", "--preset", "ollama", "--model", "qwen3", "--context-window", "512"],
			'--context-window is a whole number of tokens from 2048 to 2000000, not "512".',
		],
		[
			["chat", "hi", "--provider", "compatible", "--base-url", "http://127.0.0.1:9"],
			"chat --provider compatible needs --model, the name the server knows the model by (such as qwen3).",
		],
		[
			["heartbeat", "--provider", "compatible", "--model", "qwen3"],
			"heartbeat --provider compatible needs --base-url, the server's address (such as http://localhost:11434), or --preset ollama, lm-studio or llama-cpp for its usual one.",
		],
		[
			["weekly", "--week", "2026-W47", "--provider", "compatible", "--preset", "custom", "--model", "qwen3"],
			"weekly --provider compatible needs --base-url, the server's address (such as http://localhost:11434), or --preset ollama, lm-studio or llama-cpp for its usual one.",
		],
		[
			["weekly", "--week", "2026-W47", "--preset", "ollama"],
			"--preset is for a local server: add --provider compatible.",
		],
		[["chat", "hi", "--context-window", "8192"], "--context-window is for a local server: add --provider compatible."],
		[
			[
				"organize",
				"--note",
				"Welcome.md",
				"--provider",
				"compatible",
				"--preset",
				"ollama",
				"--model",
				"qwen3",
				"--offline",
			],
			"--offline and --provider compatible name two different models: give one of them.",
		],
		[["inspect", "--bogus", "1"], "inspect does not take --bogus."],
		[["promote", "--date", "2026-11-29", "2026-11-30"], 'promote does not take "2026-11-30"; options start with --.'],
		[["audit", "--vault", "elsewhere"], "--vault is given twice."],
	])("refuses %j in one line, before touching the vault", (args, message) => {
		expectOneLineRefusal(runCli(args[0], "--vault", vault, ...args.slice(1)), message);
		expect(memory()).toBe(before);
	});

	it("refuses a missing vault, and a vault that is not there", () => {
		expectOneLineRefusal(runCli("inspect"), "inspect needs --vault.");
		expectOneLineRefusal(
			runCli("inspect", "--vault", join(vault, "nowhere")),
			`No vault folder at ${join(vault, "nowhere")}.`,
		);
	});
});

describe("the command line with damaged settings", () => {
	const CUT = '{"schemaVersion": 2, "settings": {"excludedFolders": ["Sec';
	const REFUSAL =
		/^error: Nothing was sent: your excluded folders and tags could not be read\. .* Repair the plugin's data\.json .*$/;
	/** Claude's key, and an address where nothing listens: were anything sent, the error would say the connection failed. */
	const KEY = { ANTHROPIC_API_KEY: "test" };
	const NOWHERE = ["--base-url", "http://127.0.0.1:9"];

	function damagedVault(lastGood?: string): { vault: string; data: string } {
		const vault = copyOfExampleVault();
		mkdirSync(join(vault, "Secret"), { recursive: true });
		writeFileSync(join(vault, "Secret", "plan.md"), "# Plan\n\nThe zanzibar arrangement.\n");
		const folder = join(vault, ".obsidian", "plugins", "assistant-workspace");
		mkdirSync(folder, { recursive: true });
		writeFileSync(join(folder, "data.json"), CUT);
		if (lastGood !== undefined) writeFileSync(join(folder, "data.json.last-good"), lastGood);
		return { vault, data: join(folder, "data.json") };
	}

	it("refuses every command that would ask a model, Claude or offline, in one line that says how to fix it", () => {
		const { vault, data } = damagedVault();
		const refused = [
			runCli("chat", "What is the zanzibar arrangement?", "--vault", vault, "--offline"),
			runCliWith(KEY, "chat", "What is the zanzibar arrangement?", "--vault", vault, ...NOWHERE),
			runCliWith(KEY, "heartbeat", "--vault", vault, "--onboarded", "--force", "--active-hours", "all-day", ...NOWHERE),
			runCliWith(KEY, "weekly", "--vault", vault, "--week", "2026-W47", "--now", "2026-11-30T12:00:00Z", ...NOWHERE),
			runCliWith(KEY, "organize", "--vault", vault, "--note", "Welcome.md", ...NOWHERE),
		];
		for (const run of refused) {
			expect(run.code).toBe(1);
			expect(run.stdout).toBe("");
			expect(run.stderr.trim().split("\n").pop()).toMatch(REFUSAL);
		}
		expect(existsSync(join(vault, "chats"))).toBe(false);
		expect(readFileSync(data, "utf8")).toBe(CUT);
	});

	it("uses the last good copy's private folders when there is one, and then refuses nothing", () => {
		const lastGood = JSON.stringify({
			schemaVersion: 2,
			settings: { excludedFolders: ["Secret"], excludedTags: [] },
			state: {},
		});
		const { vault } = damagedVault(lastGood);
		const search = runCli("search", "zanzibar", "--vault", vault, "--json");
		expect(search.code).toBe(0);
		expect(JSON.parse(search.stdout)).toEqual({ best: null, matches: [], linked: null });
		expect(search.stderr).toContain("The settings of the last good copy (data.json.last-good) are in use.");
		const chat = runCli("chat", "What is the zanzibar arrangement?", "--vault", vault, "--offline");
		expect(chat.stderr).not.toMatch(/Nothing was sent/);
		expect(chat.stdout).not.toContain("zanzibar arrangement.");
	});
});

describe("the command line's saves of data.json", () => {
	const folderOf = (vault: string) => join(vault, ".obsidian", "plugins", "assistant-workspace");

	it("keep the same text as the last good copy", () => {
		const vault = copyOfExampleVault();
		const run = runCli("heartbeat", "--vault", vault, "--offline", "--onboarded", "--now", "2026-11-29T10:00:00Z");
		expect(run.code).toBe(0);
		const saved = readFileSync(join(folderOf(vault), "data.json"), "utf8");
		expect(JSON.parse(saved)).toMatchObject({ state: { onboardingComplete: true } });
		expect(readFileSync(join(folderOf(vault), "data.json.last-good"), "utf8")).toBe(saved);
	});

	it("keep a damaged file as a backup first, and save the last good copy's private folders over it", () => {
		const vault = copyOfExampleVault();
		const folder = folderOf(vault);
		mkdirSync(folder, { recursive: true });
		const cut = '{"schemaVersion": 2, "settings": {"excludedFolders": ["Sec';
		writeFileSync(join(folder, "data.json"), cut);
		writeFileSync(
			join(folder, "data.json.last-good"),
			JSON.stringify({ schemaVersion: 2, settings: { excludedFolders: ["Secret"], excludedTags: [] }, state: {} }),
		);
		const run = runCli("heartbeat", "--vault", vault, "--offline", "--onboarded", "--now", "2026-11-29T10:00:00Z");
		expect(run.code).toBe(0);
		const backups = readdirSync(folder).filter((name) => /^data\.json\.corrupt-.*\.bak$/.test(name));
		expect(backups.map((name) => readFileSync(join(folder, name), "utf8"))).toEqual([cut]);
		expect(JSON.parse(readFileSync(join(folder, "data.json"), "utf8"))).toMatchObject({
			settings: { excludedFolders: ["Secret"] },
			state: { onboardingComplete: true },
		});
	});
});
