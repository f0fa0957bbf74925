import {
	browserJson,
	browserTable,
	longestTaskIn,
	medianFigures,
	slowestReport,
	type BrowserBenchResult,
	type VaultFigures,
} from "../../scripts/bench/browserReport";
import { pageTasks, renderingIn, selfTimeIn, sourcePlaces, type TraceEvent } from "../../scripts/bench/browserTrace";

const FIGURES: VaultFigures = {
	longestTaskMs: 80,
	typingP95Ms: 20,
	firstSearchMs: 300,
	indexedMs: 9000,
	saveLongestTaskMs: 40,
	restoreMs: 700,
	restoreLongestTaskMs: 30,
	heapMB: 56.789,
};

const RESULT: BrowserBenchResult = {
	throttle: 4,
	vaults: { hub: FIGURES, "20k": { ...FIGURES, longestTaskMs: 45 } },
	loadMs: 25.04,
	loadThrottledMs: 130,
};

describe("the browser benchmark's report", () => {
	it("prints the issue's JSON object: these keys, in this order, to a tenth", () => {
		const json = JSON.parse(browserJson(RESULT)) as Record<string, unknown>;
		expect(Object.keys(json)).toEqual(["throttle", "vaults", "loadMs", "loadThrottledMs"]);
		expect(json.vaults).toEqual({
			hub: {
				longestTaskMs: 80,
				typingP95Ms: 20,
				firstSearchMs: 300,
				indexedMs: 9000,
				saveLongestTaskMs: 40,
				restoreMs: 700,
				heapMB: 56.8,
			},
			"20k": expect.objectContaining({ longestTaskMs: 45 }) as unknown,
		});
		expect(json.loadMs).toBe(25);
	});

	it("marks every figure over its target MISSED, and only those", () => {
		const lines = browserTable(RESULT).split("\n");
		const line = (label: string) => lines.find((candidate) => candidate.startsWith(label)) ?? "";
		expect(line("longest task while indexing")).toMatch(/80\.0 MISSED\s+45\.0$/);
		expect(line("typing p95")).not.toContain("MISSED");
		expect(line("main.js evaluate + onload (ms)")).toMatch(/≤ 30\s+25\.0$/);
		expect(line("main.js evaluate + onload, throttled")).toContain("130.0 MISSED");
	});

	it("takes each figure's median over runs", () => {
		const runs = [10, 30, 20].map((longestTaskMs) => ({ ...FIGURES, longestTaskMs }));
		expect(medianFigures(runs).longestTaskMs).toBe(20);
	});

	it("finds the longest task that started in a window", () => {
		const tasks = [
			{ start: 5, duration: 90 },
			{ start: 10, duration: 30 },
			{ start: 20, duration: 60 },
		];
		expect(longestTaskIn(tasks, 10, 30)).toBe(60);
		expect(longestTaskIn(tasks, 30, 40)).toBe(0);
	});

	it("says where long tasks spent their time, nothing for a vault without one", () => {
		const report = slowestReport({ hub: [{ fn: "indexNote src/a.ts:3", ms: 12.34 }], "20k": [] });
		expect(report).toContain("hub:");
		expect(report).toContain("12.3 ms  indexNote src/a.ts:3");
		expect(report).not.toContain("20k");
	});
});

describe("reading Chromium's trace and profile", () => {
	const task = (ts: number, dur: number, tid = 1): TraceEvent => ({
		name: "ThreadControllerImpl::RunTask",
		cat: "toplevel",
		ph: "X",
		pid: 1,
		tid,
		ts,
		dur,
	});
	const mark = (ts: number): TraceEvent => ({
		name: "layout-ready",
		cat: "blink.user_timing",
		ph: "I",
		pid: 1,
		tid: 1,
		ts,
	});

	it("puts the main thread's tasks in the clock of the document that made the mark", () => {
		const events = [
			mark(1_000_000),
			task(1_010_000, 70_000),
			task(1_010_000, 90_000, 2),
			mark(5_000_000),
			task(5_000_000, 1000),
		];
		expect(pageTasks(events, "layout-ready", 0, 200)).toEqual([
			{ start: 210, duration: 70, traceStart: 1_010_000, pid: 1, tid: 1 },
			{ start: 4200, duration: 1, traceStart: 5_000_000, pid: 1, tid: 1 },
		]);
		expect(pageTasks(events, "layout-ready", 1, 50)[1].start).toBe(50);
		expect(() => pageTasks(events, "layout-ready", 2, 0)).toThrow("number 3");
	});

	it("adds up the rendering steps of a task, on its own thread and within it, a step inside another once", () => {
		const step = (name: string, ts: number, dur: number, tid = 1): TraceEvent => ({
			name,
			cat: "devtools.timeline",
			ph: "X",
			pid: 1,
			tid,
			ts,
			dur,
		});
		const events = [
			mark(1_000_000),
			task(1_010_000, 70_000),
			step("UpdateLayoutTree", 1_011_000, 5_000),
			step("Layout", 1_020_000, 30_000),
			step("Layout", 1_060_000, 2_000),
			step("ParseHTML", 1_062_000, 3_000),
			step("Layout", 1_063_000, 1_000),
			step("Layout", 1_020_000, 9_000, 2),
			step("Paint", 1_090_000, 1_000),
			step("FunctionCall", 1_030_000, 1_000),
		];
		const [measured] = pageTasks(events, "layout-ready", 0, 0);
		expect(renderingIn(events, measured)).toEqual([
			{ fn: "layout", ms: 32 },
			{ fn: "style", ms: 5 },
			{ fn: "HTML parsing", ms: 3 },
		]);
	});

	it("adds up the self time of each function within the windows", () => {
		const frame = (functionName: string, url: string) => ({
			functionName,
			scriptId: "7",
			url,
			lineNumber: 0,
			columnNumber: 4,
		});
		const profile = {
			// The second frame, inlined, lacks its url.
			nodes: [
				{ id: 1, callFrame: frame("a", "plugin:x/main.js") },
				{ id: 2, callFrame: frame("", "") },
			],
			startTime: 0,
			// Samples at 1000, 2000, 3000 and 5000 µs, each standing for the time to the next.
			samples: [1, 2, 1, 2],
			timeDeltas: [1000, 1000, 1000, 2000],
		};
		expect(selfTimeIn(profile, [[1000, 4000]], 5)).toEqual([
			{ fn: "a main.js:1:5", ms: 3 },
			{ fn: "(anonymous) main.js:1:5", ms: 1 },
		]);
	});

	it("looks a generated place up in a source map", () => {
		// Line 0: column 0 from a.ts line 1; column 4 from a.ts line 3, named "indexNote". Line 1: column 2 from b.ts line 1.
		const placeOf = sourcePlaces({ sources: ["a.ts", "b.ts"], names: ["indexNote"], mappings: "AAAA,IAEAA;ECFA" });
		expect(placeOf(0, 2)).toEqual({ source: "a.ts", line: 1, name: null });
		expect(placeOf(0, 9)).toEqual({ source: "a.ts", line: 3, name: "indexNote" });
		expect(placeOf(1, 0)).toBeNull();
		expect(placeOf(1, 3)).toEqual({ source: "b.ts", line: 1, name: null });
	});
});
