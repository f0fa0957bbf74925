import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { en } from "../../src/i18n/en";
import { errorReply, textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { copyOfExampleVault } from "./runCli";

// Each case spawns the real command line, a few times; a few seconds each on a cold machine.
jest.setTimeout(90_000);

const ROOT = resolve(__dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

const fake = useFakeAnthropic();

interface HeartbeatRun {
	readonly code: number | null;
	readonly line: { ran: boolean; reason: string | null; silent: boolean; text: string } | null;
	readonly stderr: string;
}

/**
 * `npm run -s cli -- heartbeat --vault <vault> --json ...`, without blocking this process so that
 * the fake server in it can answer. Never with the caller's key or host: a key only with `key`.
 */
function heartbeat(args: readonly string[], options: { key?: boolean; zone?: string } = {}): Promise<HeartbeatRun> {
	const { ANTHROPIC_API_KEY: _key, ANTHROPIC_BASE_URL: _host, ...inherited } = process.env;
	const env = {
		...inherited,
		TZ: options.zone ?? "UTC",
		...(options.key === true ? { ANTHROPIC_API_KEY: "test" } : {}),
	};
	const network = options.key === true ? ["--base-url", fake().baseURL] : [];
	const child = spawn(
		TSX,
		[join(ROOT, "scripts", "cli.ts"), "heartbeat", "--vault", vault, "--json", ...network, ...args],
		{ cwd: ROOT, env },
	);
	let stdout = "";
	let stderr = "";
	child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
	child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
	return new Promise((resolvePromise, reject) => {
		child.on("error", reject);
		child.on("close", (code) => {
			const last = stdout.trim().split("\n").pop() ?? "";
			resolvePromise({ code, line: last === "" ? null : (JSON.parse(last) as HeartbeatRun["line"]), stderr });
		});
	});
}

const DATA = () => join(vault, ".obsidian", "plugins", "assistant-workspace", "data.json");
const saved = () =>
	JSON.parse(readFileSync(DATA(), "utf8")) as { settings: Record<string, unknown>; state: Record<string, unknown> };
const now = (iso: string) => ["--now", iso];
const SILENT = { ran: true, reason: null, silent: true, text: "" };
const notRun = (reason: string) => ({ ran: false, reason, silent: true, text: "" });

let vault: string;
beforeEach(() => {
	vault = copyOfExampleVault();
	writeFileSync(join(vault, "HEARTBEAT.md"), "# Heartbeat\n\n## Checklist\n- [ ] Remind me to call mom on Sundays\n");
});
afterEach(() => rmSync(vault, { recursive: true, force: true }));

describe("heartbeat on the command line", () => {
	it("does not run before onboarding, and leaves the vault's plugin data alone", async () => {
		const run = await heartbeat([...now("2026-11-29T10:00:00Z")], { key: true });
		expect(run).toMatchObject({ code: 0, line: notRun("not-onboarded") });
		expect(existsSync(DATA())).toBe(false);
		expect(fake().messageBodies).toHaveLength(0);
	});

	it("speaks a real alert once a day, saves it to daily memory, and keeps its state in data.json between runs", async () => {
		fake().enqueue(textReply("Reminder: call mom at 5pm. HEARTBEAT_OK"), textReply("**Reminder:** call mom at 5pm!"));
		const first = await heartbeat(
			["--onboarded", "--active-hours", "8:00-22:00", ...now("2026-11-29T10:00:00Z"), "--model", "claude-haiku-5-5"],
			{ key: true },
		);
		expect(first.stderr).not.toContain("error");
		expect(first).toMatchObject({
			code: 0,
			line: { ran: true, reason: null, silent: false, text: "Reminder: call mom at 5pm." },
		});
		expect(readFileSync(join(vault, "memory", "daily", "2026-11-29.md"), "utf8")).toContain(
			"## Heartbeat\n- 10:00 Reminder: call mom at 5pm.\n",
		);
		expect((fake().messageBodies[0] as { model: string }).model).toBe("claude-haiku-5-5");
		expect(saved().settings).toMatchObject({
			heartbeatEnabled: true,
			heartbeatActiveStart: "08:00",
			heartbeatActiveEnd: "22:00",
			heartbeatAllDay: false,
		});
		expect(saved().state).toMatchObject({
			onboardingComplete: true,
			lastHeartbeatDate: "2026-11-29",
			lastHeartbeatRun: { outcome: "spoke" },
		});

		expect((await heartbeat([...now("2026-11-29T15:00:00Z")], { key: true })).line).toEqual(notRun("already-today"));
		expect(fake().messageBodies).toHaveLength(1);

		// Run heartbeat now: the once-a-day rule gives way, the 24-hour repeat rule does not.
		const forced = await heartbeat(["--force", ...now("2026-11-29T15:00:00Z")], { key: true });
		expect(forced.line).toEqual(SILENT);
		expect(forced.stderr).toContain("within the last 24 hours");
		expect(readFileSync(join(vault, "memory", "daily", "2026-11-29.md"), "utf8").match(/call mom/g)).toHaveLength(1);
	});

	it("after a failure records only a retry later the same day, then retries and completes", async () => {
		fake().enqueue(errorReply(401));
		const failed = await heartbeat(["--onboarded", "--active-hours", "all-day", ...now("2026-11-29T10:00:00Z")], {
			key: true,
		});
		expect(failed.code).toBe(1);
		expect(failed.line).toEqual(notRun("error"));
		expect(failed.stderr).toContain(en["model-error.invalid-key"]);
		expect(failed.stderr).toContain("try again after 2026-11-29T10:15:00.000Z");
		expect(saved().state).toMatchObject({
			lastHeartbeatDate: null,
			heartbeatFailures: 1,
			heartbeatRetryAfter: "2026-11-29T10:15:00.000Z",
		});

		expect((await heartbeat([...now("2026-11-29T10:14:00Z")], { key: true })).line).toEqual(notRun("retry-later"));
		expect(fake().messageBodies).toHaveLength(1);

		fake().enqueue(textReply("一切正常 HEARTBEAT_OK"));
		expect((await heartbeat([...now("2026-11-29T10:15:00Z")], { key: true })).line).toEqual(SILENT);
		expect(saved().state).toMatchObject({
			lastHeartbeatDate: "2026-11-29",
			heartbeatFailures: 0,
			heartbeatRetryAfter: null,
			lastHeartbeatRun: { outcome: "silent" },
		});
		expect(existsSync(join(vault, "memory", "daily", "2026-11-29.md"))).toBe(false);
	});

	it("ends on its own when the model's stream stalls: after --idle-timeout, a failure to retry, nothing saved", async () => {
		fake().enqueue(textReply("Reminder: call mom, it is Sunday.", { chunkSize: 4, stallAfterEvents: 5 }));
		const started = Date.now();
		const run = await heartbeat(
			["--onboarded", "--active-hours", "all-day", "--idle-timeout", "0.5", ...now("2026-11-29T10:00:00Z")],
			{ key: true },
		);
		expect(Date.now() - started).toBeLessThan(30_000);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("error: the run timed out");
		expect(saved().state).toMatchObject({ heartbeatFailures: 1, lastHeartbeatRun: { outcome: "timed-out" } });
		expect(existsSync(join(vault, "memory", "daily", "2026-11-29.md"))).toBe(false);
	});

	it("offline, does not run and says why: the offline model cannot judge a checklist", async () => {
		const run = await heartbeat(["--onboarded", "--offline", ...now("2026-11-29T10:00:00Z")]);
		expect(run).toMatchObject({ code: 0, line: notRun("offline") });
		expect(run.stderr).toContain("The offline model cannot judge a checklist");
		expect(saved().state).toMatchObject({ onboardingComplete: true, lastHeartbeatDate: null, lastHeartbeatRun: null });
	});

	it("keeps to the active hours, wrapping past midnight", async () => {
		const wrap = ["--onboarded", "--offline", "--active-hours", "22:00-08:00"];
		expect((await heartbeat([...wrap, ...now("2026-11-29T21:59:00Z")])).line).toEqual(notRun("outside-active-hours"));
		expect((await heartbeat([...wrap, ...now("2026-11-29T22:00:00Z")])).line).toEqual(notRun("offline"));
		expect((await heartbeat([...wrap, ...now("2026-11-30T07:59:00Z")])).line).toEqual(notRun("offline"));
		expect((await heartbeat([...wrap, ...now("2026-11-30T08:00:00Z")])).line).toEqual(notRun("outside-active-hours"));
	});

	it("refuses invalid active hours with the settings' message, changing nothing", async () => {
		const run = await heartbeat(["--onboarded", "--active-hours", "25:00-08:00", ...now("2026-11-29T10:00:00Z")]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(en["heartbeat.hours.invalid-time"].replace("{value}", "25:00"));
		expect(existsSync(DATA())).toBe(false);
		expect((await heartbeat(["--active-hours", "08:00", ...now("2026-11-29T10:00:00Z")])).stderr).toContain(
			"HH:MM-HH:MM or all-day",
		);
	});

	it("counts days on the user's local clock: in Shanghai a new day starts at 16:00 UTC", async () => {
		fake().enqueue(textReply("HEARTBEAT_OK"), textReply("HEARTBEAT_OK"));
		const shanghai = { key: true, zone: "Asia/Shanghai" };
		expect(
			(await heartbeat(["--onboarded", "--active-hours", "all-day", ...now("2026-11-29T15:30:00Z")], shanghai)).line,
		).toEqual(SILENT);
		expect(saved().state.lastHeartbeatDate).toBe("2026-11-29");
		expect((await heartbeat([...now("2026-11-29T15:59:00Z")], shanghai)).line).toEqual(notRun("already-today"));
		expect((await heartbeat([...now("2026-11-29T16:00:00Z")], shanghai)).line).toEqual(SILENT);
		expect(saved().state.lastHeartbeatDate).toBe("2026-11-30");
	});
});
