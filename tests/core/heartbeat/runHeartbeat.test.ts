import {
	runHeartbeat,
	type HeartbeatDeps,
	type HeartbeatReport,
	type HeartbeatRequest,
} from "../../../src/core/heartbeat";
import type { HeartbeatLimits } from "../../../src/core/heartbeat/askHeartbeat";
import { dailyNotesTarget } from "../../../src/core/memory/daily";
import { defaultSettings } from "../../../src/core/workspace/data/settings";
import { defaultState } from "../../../src/core/workspace/data/state";
import { t } from "../../../src/i18n";
import { OfflineModel } from "../../../src/llm";
import { errorReply, messageReply, textReply, toolUseReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { clientFor } from "../../llm/modelFixture";
import { sentBodies } from "../agent/loop/loopFixture";
import { writeToolsOver, type WriteToolVault } from "../agent/tools/writeToolFixture";

// "Today" is 2026-03-15, 12:00 (the fixture's clock; tests run in UTC).
const fake = useFakeAnthropic();

const FILES: Record<string, string> = {
	"soul.md": "# Soul\n\nWarm and brief.\n",
	"user.md": "# User\n\nMina, a PhD student.\n",
	"claude.md": "# Rules\n\nAnswer in English.\n",
	"HEARTBEAT.md": "# Heartbeat\n\n## Checklist\n- [ ] Remind me to call mom on Sundays\n",
	"memory/daily/2026-03-14.md": "# 2026-03-14\n\n## Log\n- 18:00 Mina said her mom's birthday is on the 20th.\n",
	"Private/diary.md": "# Diary\n\nokapi7731\n",
};

const READY: HeartbeatRequest = {
	state: { ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-03-14" },
	settings: { ...defaultSettings(), heartbeatAllDay: true },
	busy: false,
};

const realDelay = (callback: () => void, ms: number) => {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
};

let vault: WriteToolVault;
beforeEach(async () => {
	vault = await writeToolsOver(FILES, { excludedFolders: ["Private"] });
});

function deps(limits?: Partial<HeartbeatLimits>, idleTimeoutMs?: number): HeartbeatDeps {
	return {
		model: clientFor(fake(), { idleTimeoutMs }).client,
		modelId: "claude-test",
		delay: realDelay,
		vault: vault.deps,
		limits,
	};
}

function heartbeat(
	request: Partial<HeartbeatRequest> = {},
	options: { limits?: Partial<HeartbeatLimits>; idleTimeoutMs?: number; signal?: AbortSignal } = {},
): Promise<HeartbeatReport> {
	return runHeartbeat(deps(options.limits, options.idleTimeoutMs), { ...READY, ...request }, options.signal);
}

describe("a heartbeat run", () => {
	it("asks the model with the checklist, recent memory and identity, offers only memory_search and memory_recent", async () => {
		fake().enqueue(textReply("HEARTBEAT_OK"));
		await heartbeat();
		const [body] = sentBodies(fake());
		expect(body.tools?.map((tool) => tool.name)).toEqual(["memory_search", "memory_recent"]);
		expect(body.max_tokens).toBe(1024);
		const system = (body.system ?? []).map((block) => block.text).join("\n");
		expect(system).toContain("Warm and brief.");
		expect(system).toContain("<heartbeat-instructions>");
		expect(system).toContain("answer exactly HEARTBEAT_OK");
		expect(system).toContain("Today is Sunday, 2026-03-15");
		const message = JSON.stringify(body.messages);
		expect(message).toContain("Remind me to call mom on Sundays");
		expect(message).toContain("her mom's birthday is on the 20th");
		expect(JSON.stringify(body)).not.toContain("okapi7731");
	});

	it("puts the last checkpoint in the prompt, where the user left off, and nothing when there is none", async () => {
		fake().enqueue(textReply("HEARTBEAT_OK"), textReply("HEARTBEAT_OK"));
		const lastCheckpoint = {
			savedAt: "2026-03-14T18:30:00+00:00",
			doing: "Writing chapter 2",
			nextAction: "Outline section 2.3",
		};
		await heartbeat({ state: { ...READY.state, lastCheckpoint } });
		await heartbeat();
		const [withCheckpoint, without] = sentBodies(fake()).map((body) => String(body.messages[0].content[0].text));
		expect(withCheckpoint).toContain(
			'<last-checkpoint saved-at="2026-03-14T18:30:00+00:00">\nDoing: Writing chapter 2\nNext action: Outline section 2.3\n</last-checkpoint>',
		);
		expect(without).not.toContain("last-checkpoint");
	});

	it("stays silent on an acknowledgement: records today, writes nothing", async () => {
		const before = await vault.snapshot();
		fake().enqueue(textReply("**HEARTBEAT_OK**"));
		const report = await heartbeat({
			state: { ...READY.state, heartbeatFailures: 2, heartbeatRetryAfter: "2026-03-15T11:00:00.000Z" },
		});
		expect(report).toEqual({
			kind: "silent",
			outcome: "silent",
			change: {
				lastHeartbeatDate: "2026-03-15",
				lastHeartbeatRun: { at: "2026-03-15T12:00:00.000Z", outcome: "silent" },
				heartbeatFailures: 0,
				heartbeatRetryAfter: null,
			},
		});
		expect(await vault.snapshot()).toEqual(before);
		expect(vault.records()).toEqual([]);
	});

	it("stays silent on filler in Chinese", async () => {
		fake().enqueue(textReply("一切正常，没有需要提醒的。HEARTBEAT_OK"));
		expect(await heartbeat()).toMatchObject({ kind: "silent", outcome: "silent" });
	});

	it("speaks a real alert, token removed, and saves it under ## Heartbeat in today's daily memory, as the heartbeat", async () => {
		fake().enqueue(textReply("Reminder: call mom at 5pm. HEARTBEAT_OK", { chunkSize: 5 }));
		const report = await heartbeat();
		expect(report).toMatchObject({
			kind: "spoke",
			text: "Reminder: call mom at 5pm.",
			saved: { path: "memory/daily/2026-03-15.md" },
		});
		expect(await vault.vault.read("memory/daily/2026-03-15.md")).toContain(
			"## Heartbeat\n- 12:00 Reminder: call mom at 5pm.\n",
		);
		expect(vault.records().map((record) => [record.actor, record.path])).toEqual([
			["heartbeat", "memory/daily/2026-03-15.md"],
		]);
		if (report.kind !== "spoke") throw new Error("expected a message");
		expect(report.change.lastHeartbeatDate).toBe("2026-03-15");
		expect(report.change.lastHeartbeatSpoken?.sha256).toMatch(/^[0-9a-f]{64}$/);
	});

	it("in the user's own daily note, saves the message under the assistant's heading", async () => {
		fake().enqueue(textReply("Reminder: call mom at 5pm."));
		const daily = dailyNotesTarget((date) => `Journal/${date}.md`, "# {{date}}\n\nMy own notes.\n");
		const report = await runHeartbeat({ ...deps(), vault: { ...vault.deps, daily } }, READY);
		expect(report).toMatchObject({ kind: "spoke", saved: { path: "Journal/2026-03-15.md" } });
		expect(await vault.vault.read("Journal/2026-03-15.md")).toBe(
			"# 2026-03-15\n\nMy own notes.\n\n## Assistant\n### Heartbeat\n- 12:00 Reminder: call mom at 5pm.\n",
		);
	});

	it("does not say the same thing twice within 24 hours, but does after", async () => {
		fake().enqueue(textReply("Call mom at 5pm."), textReply("**Call mom** at 5pm!"), textReply("Call mom at 5pm."));
		const first = await heartbeat();
		if (first.kind !== "spoke") throw new Error("expected a message");
		const state = { ...READY.state, ...first.change };

		const again = await heartbeat({ state, force: true });
		expect(again).toMatchObject({ kind: "silent", outcome: "repeated", change: { lastHeartbeatDate: "2026-03-15" } });
		expect((await vault.vault.read("memory/daily/2026-03-15.md")).match(/Call mom/g)).toHaveLength(1);

		const dayLater = {
			...state,
			lastHeartbeatSpoken: state.lastHeartbeatSpoken && {
				...state.lastHeartbeatSpoken,
				at: "2026-03-14T12:00:00.000Z",
			},
		};
		expect(await heartbeat({ state: dayLater, force: true })).toMatchObject({
			kind: "spoke",
			text: "Call mom at 5pm.",
		});
	});

	it("may look one thing up, and the words before its tool call are not the answer", async () => {
		fake().enqueue(
			toolUseReply("memory_search", { query: "mom birthday" }, { textBefore: "Let me check." }),
			textReply("HEARTBEAT_OK"),
		);
		expect(await heartbeat()).toMatchObject({ kind: "silent" });
		const bodies = sentBodies(fake());
		expect(bodies).toHaveLength(2);
		expect(JSON.stringify(bodies[1].messages[2])).toContain("2026-03-14");
	});

	it("runs one tool call only: a second call in the same response is answered, not run", async () => {
		fake().enqueue(
			messageReply(
				[
					{ type: "tool_use", id: "toolu_a", name: "memory_search", input: { query: "mom" } },
					{ type: "tool_use", id: "toolu_b", name: "memory_recent", input: {} },
				],
				{ stopReason: "tool_use" },
			),
			textReply("HEARTBEAT_OK"),
		);
		expect(await heartbeat()).toMatchObject({ kind: "silent" });
		const results = (
			sentBodies(fake())[1].messages[2].content as {
				type: string;
				tool_use_id: string;
				content: string;
				is_error?: boolean;
			}[]
		).filter((block) => block.type === "tool_result");
		expect(results.map((result) => [result.tool_use_id, result.is_error === true])).toEqual([
			["toolu_a", false],
			["toolu_b", true],
		]);
		expect(results[1].content).toContain("allows one tool call");
	});

	it("fails, without recording the day, when the model keeps calling tools", async () => {
		fake().enqueue(toolUseReply("memory_search", { query: "a" }), toolUseReply("memory_search", { query: "b" }));
		const report = await heartbeat();
		expect(report).toMatchObject({ kind: "failed", outcome: "failed", error: null, tellUser: false });
		expect(sentBodies(fake())).toHaveLength(2);
	});

	it("on a failed call records only a retry later the same day, and tells the user on the third failure in a row", async () => {
		fake().enqueue(errorReply(401), errorReply(401), errorReply(401));
		let state = READY.state;
		const tellUser: boolean[] = [];
		for (let attempt = 1; attempt <= 3; attempt++) {
			const report = await heartbeat({ state, force: true });
			if (report.kind !== "failed") throw new Error(`expected a failure, got ${report.kind}`);
			expect(report.error?.kind).toBe("invalid-key");
			expect(report.change).not.toHaveProperty("lastHeartbeatDate");
			tellUser.push(report.tellUser);
			state = { ...state, ...report.change };
		}
		expect(tellUser).toEqual([false, false, true]);
		expect(state).toMatchObject({
			lastHeartbeatDate: "2026-03-14",
			heartbeatFailures: 3,
			lastHeartbeatRun: { outcome: "failed" },
		});
		expect(t("heartbeat.failed-repeatedly", { count: 3 })).toContain("3 times");
	});

	it("gives up on a stream that stalls (the model client's idle limit), as a failure to retry", async () => {
		fake().enqueue(textReply("Reminder: call mom.", { chunkSize: 2, stallAfterEvents: 4 }));
		const started = Date.now();
		const report = await heartbeat({}, { idleTimeoutMs: 150, limits: { totalMs: 10_000 } });
		expect(report).toMatchObject({
			kind: "failed",
			outcome: "timed-out",
			change: { heartbeatFailures: 1, lastHeartbeatRun: { outcome: "timed-out" } },
		});
		expect(Date.now() - started).toBeLessThan(5000);
		expect(await vault.vault.read("memory/daily/2026-03-14.md")).not.toContain("Reminder");
	});

	it("stops at the total time limit even while the stream keeps coming", async () => {
		fake().enqueue(textReply("Reminder: ".repeat(40), { chunkSize: 2, delayMs: 40 }));
		const started = Date.now();
		const report = await heartbeat({}, { limits: { totalMs: 300 } });
		expect(report).toMatchObject({ kind: "failed", outcome: "timed-out" });
		const took = Date.now() - started;
		expect(took).toBeGreaterThanOrEqual(290);
		expect(took).toBeLessThan(5000);
	});

	it("records nothing when the host stops it (the user started chatting)", async () => {
		fake().enqueue(textReply("Reminder: call mom.", { chunkSize: 2, delayMs: 200 }));
		const host = new AbortController();
		setTimeout(() => host.abort(), 100);
		expect(await heartbeat({}, { signal: host.signal })).toEqual({ kind: "interrupted" });
	});

	it("with the offline model, does not run: it cannot judge a checklist", async () => {
		const report = await runHeartbeat({ ...deps(), model: new OfflineModel(t) }, READY);
		expect(report).toEqual({ kind: "skipped", reason: "offline" });
		expect(fake().messageBodies).toHaveLength(0);
	});

	it("checks the rules before it asks the model", async () => {
		expect(await heartbeat({ busy: true })).toEqual({ kind: "skipped", reason: "busy" });
		expect(await heartbeat({ state: { ...READY.state, lastHeartbeatDate: "2026-03-15" } })).toEqual({
			kind: "skipped",
			reason: "already-today",
		});
		expect(fake().messageBodies).toHaveLength(0);
	});

	it.each<[string, string | null]>([
		["a template checklist", "# Heartbeat\n<!-- - [ ] Remind me of deadlines -->\n## Checklist\n"],
		["no HEARTBEAT.md", null],
		["a private HEARTBEAT.md", "---\nassistant: private\n---\n- [ ] Call mom\n"],
	])("takes %s for an empty checklist", async (_, checklist) => {
		const { "HEARTBEAT.md": _checklist, ...others } = FILES;
		vault = await writeToolsOver(checklist === null ? others : { ...others, "HEARTBEAT.md": checklist }, {
			excludedFolders: ["Private"],
		});
		expect(await heartbeat()).toEqual({ kind: "skipped", reason: "empty-checklist" });
	});
});
