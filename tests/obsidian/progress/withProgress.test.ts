import { assistantFolderTarget } from "../../../src/core/memory/daily";
import { textModelOver } from "../../../src/core/model/textModel";
import { buildWeeklySummary } from "../../../src/core/memory/weeklySummary";
import { layoutFor } from "../../../src/core/workspace/layout";
import { setLanguage } from "../../../src/i18n";
import { PROGRESS_REDRAW_MS } from "../../../src/obsidian/progress/redraw";
import {
	whileComputing,
	whileSlow,
	withProgress,
	type ProgressHost,
} from "../../../src/obsidian/progress/withProgress";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { FakeScheduler } from "../../harness/fakeScheduler";
import { memoryFixture } from "../../core/memory/fixture";
import { clientFor, realDelay } from "../../llm/modelFixture";

const fake = useFakeAnthropic();

beforeEach(() => setLanguage("en"));

/** A progress host on a clock the test moves, whose display and notices are recorded. */
function recordedHost() {
	const scheduler = new FakeScheduler();
	const texts: string[] = [];
	const notices: string[] = [];
	const display = { open: false, shown: 0, cancel: null as (() => void) | null };
	const host: ProgressHost = {
		scheduler,
		notifier: { notify: (message) => notices.push(message) },
		display: () => ({
			show: (text, cancel) => {
				display.open = true;
				display.shown++;
				display.cancel = cancel;
				texts.push(text);
			},
			update: (text) => texts.push(text),
			close: () => {
				display.open = false;
			},
		}),
	};
	return { host, scheduler, texts, notices, display, shownText: () => texts.at(-1) };
}

/** A promise the test settles when it says so: work that takes as long as the test wants. */
function pending<T>() {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((ok, fail) => {
		resolve = ok;
		reject = fail;
	});
	return { promise, resolve, reject };
}

async function until(condition: () => boolean, what: string): Promise<void> {
	for (let waited = 0; waited < 5000; waited += 5) {
		if (condition()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`Timed out waiting for ${what}.`);
}

const layout = layoutFor("");
const DAYS = {
	"memory/daily/2026-11-17.md": "# 2026-11-17\n\n## Log\n- 09:10 Booked the sleep lab.\n",
	"memory/daily/2026-11-19.md": "# 2026-11-19\n\n## Log\n- 10:05 Dr. Lin wants chapter 2 by Friday.\n",
};

describe("progress while a command works", () => {
	it("shows what is happening at once, then the seconds as they pass, then the steps done, and closes when the work is done", async () => {
		const { host, scheduler, texts, notices, display } = recordedHost();
		const work = pending<string>();
		const run = withProgress(
			host,
			{ what: "The model is writing the summary of 2026-W47…", cancellable: true },
			async (progress) => {
				scheduler.advance(1000);
				scheduler.advance(1000);
				// A count right after the second drawn waits a moment, then shows the latest.
				progress.steps(1, 5);
				progress.steps(2, 5);
				scheduler.advance(PROGRESS_REDRAW_MS);
				progress.say("Asking the model where 5 notes belong…");
				return work.promise;
			},
		);
		expect(display.cancel).not.toBeNull();
		work.resolve("written");
		await expect(run).resolves.toEqual({ kind: "done", value: "written" });
		expect(texts).toEqual([
			"The model is writing the summary of 2026-W47…",
			"The model is writing the summary of 2026-W47… (1 second)",
			"The model is writing the summary of 2026-W47… (2 seconds)",
			"The model is writing the summary of 2026-W47… (2 of 5)",
			"Asking the model where 5 notes belong… (2 of 5)",
		]);
		expect(display.open).toBe(false);
		expect(scheduler.pendingTimers).toBe(0);
		expect(notices).toEqual([]);
	});

	it("draws no count after the work ended, even one that was waiting its turn", async () => {
		const { host, scheduler, texts } = recordedHost();
		await withProgress(host, { what: "Rebuilding the index…" }, async (progress) => {
			progress.steps(1, 3);
			progress.steps(2, 3);
		});
		expect(scheduler.pendingTimers).toBe(0);
		scheduler.advance(PROGRESS_REDRAW_MS);
		expect(texts).toEqual(["Rebuilding the index…", "Rebuilding the index… (1 of 3)"]);
	});

	it("closes on a failure too, and passes the failure on for the command to tell", async () => {
		const { host, scheduler, notices, display } = recordedHost();
		const run = withProgress(host, { what: "Rebuilding the index…" }, async () => {
			throw new Error("disk full");
		});
		await expect(run).rejects.toThrow("disk full");
		expect(display.shown).toBe(1);
		expect(display.open).toBe(false);
		expect(display.cancel).toBeNull();
		expect(scheduler.pendingTimers).toBe(0);
		expect(notices).toEqual([]);
	});

	it("shows nothing for work that is usually fast and is, and shows work that is not once half a second has passed", async () => {
		const fast = recordedHost();
		await expect(whileSlow(fast.host, "Archiving old daily memory…", async () => "archived")).resolves.toBe("archived");
		expect(fast.display.shown).toBe(0);
		expect(fast.scheduler.pendingTimers).toBe(0);

		const slow = recordedHost();
		const work = pending<string>();
		const run = whileSlow(slow.host, "Archiving old daily memory…", () => work.promise);
		slow.scheduler.advance(499);
		expect(slow.display.shown).toBe(0);
		slow.scheduler.advance(1);
		expect([slow.display.shown, slow.shownText(), slow.display.cancel]).toEqual([
			1,
			"Archiving old daily memory…",
			null,
		]);
		slow.scheduler.advance(500);
		expect(slow.shownText()).toBe("Archiving old daily memory… (1 second)");
		work.resolve("archived");
		await expect(run).resolves.toBe("archived");
		expect(slow.display.open).toBe(false);
	});

	it("shows work that holds the thread (the taxonomy over the whole vault) at once, and starts it only once a frame has passed to draw it", async () => {
		const { host, scheduler, display } = recordedHost();
		let started = false;
		const run = whileComputing(host, "Looking at the vault's folders…", () => {
			started = true;
			return Promise.resolve("report");
		});
		expect([display.shown, display.cancel]).toEqual([1, null]);
		await Promise.resolve();
		expect(started).toBe(false);
		scheduler.advance(20);
		await expect(run).resolves.toBe("report");
		expect(started).toBe(true);
		expect(display.open).toBe(false);
		expect(scheduler.pendingTimers).toBe(0);
	});

	it("Cancel aborts the model's request, the weekly summary is not written, and the user is told nothing was written", async () => {
		const fixture = memoryFixture(DAYS, "2026-11-28T10:00:00.000Z");
		const before = await fixture.snapshot();
		fake().enqueue(textReply("A summary the user will never see.", { delayMs: 300 }));
		const model = textModelOver(clientFor(fake()).client, "claude-sonnet-5-5", { delay: realDelay });
		const { host, texts, notices, display } = recordedHost();
		const run = withProgress(
			host,
			{ what: "The model is writing the summary of 2026-W47…", cancellable: true },
			(progress) =>
				buildWeeklySummary(fixture.deps, {
					week: "2026-W47",
					target: assistantFolderTarget(layout),
					layout,
					model,
					actor: "user",
					signal: progress.signal,
				}),
		);
		await until(() => fake().requests.length === 1, "the request to the model");
		display.cancel?.();
		expect(texts.at(-1)).toBe("Cancelling: The model is writing the summary of 2026-W47…");
		await expect(run).resolves.toEqual({ kind: "cancelled" });
		await until(() => fake().disconnects === 1, "the request to be dropped");
		expect(await fixture.snapshot()).toEqual(before);
		expect(fixture.records()).toEqual([]);
		expect(display.open).toBe(false);
		expect(notices).toEqual(["Cancelled: nothing was written."]);
	});

	it("tells what was written, not that nothing was, when the work had written before Cancel reached it", async () => {
		const { host, notices, display } = recordedHost();
		const wrote = pending<string>();
		const run = withProgress(
			host,
			{ what: "The heartbeat is reading its checklist and recent memory…", cancellable: true },
			() => wrote.promise,
		);
		display.cancel?.();
		wrote.resolve("saved under ## Heartbeat");
		await expect(run).resolves.toEqual({ kind: "done", value: "saved under ## Heartbeat" });
		expect(notices).toEqual([]);
		expect(display.open).toBe(false);
	});
});
