/**
 * Reading what Chromium recorded during a `bench:browser` run: its trace (every task of the
 * page's main thread, and the page's `performance.mark`s) and its CPU profile. Both count time
 * in the same clock, microseconds of the browser's monotonic time; the page's own clock
 * (`performance.now()`, milliseconds since the document's start) is tied to it by a mark.
 */

/** A trace event, as much of it as is read here. */
export interface TraceEvent {
	readonly name: string;
	readonly cat: string;
	readonly ph: string;
	readonly pid: number;
	readonly tid: number;
	readonly ts: number;
	readonly dur?: number;
}

/** A task of a page's main thread, in the page's clock (milliseconds). */
export interface PageTask {
	readonly start: number;
	readonly duration: number;
	/** Its start in the trace's clock (microseconds), which is the CPU profile's too. */
	readonly traceStart: number;
	/** The thread it ran on, as the trace names it. */
	readonly pid: number;
	readonly tid: number;
}

/** A task's span in the trace's clock (microseconds), as `selfTimeIn` takes windows of the CPU profile. */
export function traceWindow(task: PageTask): [start: number, end: number] {
	return [task.traceStart, task.traceStart + task.duration * 1000];
}

/** The CPU profile the DevTools protocol's `Profiler.stop` returns, as much of it as is read here. */
export interface CpuProfile {
	readonly nodes: readonly {
		readonly id: number;
		readonly callFrame: {
			readonly functionName: string;
			readonly scriptId: string;
			readonly url: string;
			readonly lineNumber: number;
			readonly columnNumber: number;
		};
	}[];
	readonly startTime: number;
	readonly samples: readonly number[];
	readonly timeDeltas: readonly number[];
}

/** The top-level task of a thread's loop, as Chromium names it in the trace ("toplevel" category). */
export const TASK = "ThreadControllerImpl::RunTask";

/**
 * The main-thread tasks of the document that made the `which`-th mark named `mark` (a reload
 * makes a new document, with its own clock), each in that document's clock, given the time
 * the page read for that mark. These are the tasks the Long Tasks API reports, short ones too.
 */
export function pageTasks(events: readonly TraceEvent[], mark: string, which: number, markAt: number): PageTask[] {
	const marked = events.filter((event) => event.cat.includes("blink.user_timing") && event.name === mark)[which];
	if (marked === undefined) throw new Error(`The trace has no mark "${mark}" number ${which + 1}.`);
	const toPage = (ts: number) => markAt + (ts - marked.ts) / 1000;
	return events
		.filter((event) => event.name === TASK && event.ph === "X" && event.pid === marked.pid && event.tid === marked.tid)
		.map((event) => ({
			start: toPage(event.ts),
			duration: (event.dur ?? 0) / 1000,
			traceStart: event.ts,
			pid: event.pid,
			tid: event.tid,
		}));
}

/**
 * The browser's rendering steps in the trace's "devtools.timeline" category, by what DevTools
 * calls them: a frame's own, which a CPU profile counts as "(program)", and those a script forced
 * (in its functions' time there).
 */
const RENDERING = new Map([
	["UpdateLayoutTree", "style"],
	["Layout", "layout"],
	["PrePaint", "pre-paint"],
	["Paint", "paint"],
	["Layerize", "layerize"],
	["Commit", "commit"],
	["ParseHTML", "HTML parsing"],
	["HitTest", "hit testing"],
]);

/**
 * The rendering steps that ran in a task, most first; a step inside another (a layout that HTML
 * parsing forced) is counted once, in the outer one.
 */
export function renderingIn(events: readonly TraceEvent[], task: PageTask): SelfTime[] {
	const end = task.traceStart + task.duration * 1000;
	const steps = events
		.filter(
			(event) =>
				RENDERING.has(event.name) &&
				event.ph === "X" &&
				event.pid === task.pid &&
				event.tid === task.tid &&
				event.ts >= task.traceStart &&
				event.ts < end,
		)
		.sort((a, b) => a.ts - b.ts);
	const totals = new Map<string, number>();
	let outerEnd = Number.NEGATIVE_INFINITY;
	for (const event of steps) {
		if (event.ts < outerEnd) continue;
		outerEnd = event.ts + (event.dur ?? 0);
		const step = RENDERING.get(event.name) as string;
		totals.set(step, (totals.get(step) ?? 0) + (event.dur ?? 0) / 1000);
	}
	return [...totals].map(([fn, ms]) => ({ fn, ms })).sort((a, b) => b.ms - a.ms);
}

/** A function's share of the time a CPU profile spent in some windows of time. */
export interface SelfTime {
	readonly fn: string;
	readonly ms: number;
}

/**
 * Where the time of some windows went (each `[start, end]` in the profile's clock,
 * microseconds): the time sampled in each function itself (self time), most first, `top` of them.
 */
export function selfTimeIn(
	profile: CpuProfile,
	windows: readonly (readonly [start: number, end: number])[],
	top: number,
	nameOf: FrameNamer = frameName,
): SelfTime[] {
	// A frame inlined into another may come without its script's url; another frame of its script has it.
	const urls = new Map<string, string>();
	for (const { callFrame } of profile.nodes) if (callFrame.url !== "") urls.set(callFrame.scriptId, callFrame.url);
	const frames = new Map(
		profile.nodes.map(({ id, callFrame }) => [
			id,
			{ ...callFrame, url: urls.get(callFrame.scriptId) ?? callFrame.url },
		]),
	);
	const totals = new Map<string, number>();
	let at = profile.startTime;
	profile.samples.forEach((node, index) => {
		at += profile.timeDeltas[index];
		// A sample stands for the time up to the next one.
		const weight = profile.timeDeltas[index + 1] ?? 0;
		if (!windows.some(([start, end]) => at >= start && at < end)) return;
		const frame = frames.get(node);
		if (frame === undefined) return;
		const name = nameOf(frame);
		totals.set(name, (totals.get(name) ?? 0) + weight / 1000);
	});
	return [...totals]
		.map(([fn, ms]) => ({ fn, ms }))
		.sort((a, b) => b.ms - a.ms)
		.slice(0, top);
}

/** How a profile's frames are named in what the bench prints (`frameName`, or by `main.js`'s sources). */
export type FrameNamer = (frame: CpuProfile["nodes"][number]["callFrame"]) => string;

/** A frame as DevTools shows it: the function, then where it is (line and column from 1). */
export function frameName(frame: CpuProfile["nodes"][number]["callFrame"]): string {
	const where =
		frame.url === "" ? "" : ` ${frame.url.split("/").pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
	return `${frame.functionName === "" ? "(anonymous)" : frame.functionName}${where}`;
}

/** A source map (version 3), as much of it as is read here. */
export interface SourceMap {
	readonly sources: readonly string[];
	readonly names: readonly string[];
	readonly mappings: string;
}

/** Where a place of the generated code comes from: the source file, its line (from 1), and the original name there if the map has one. */
export interface SourcePlace {
	readonly source: string;
	readonly line: number;
	readonly name: string | null;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Looks places of the generated code up in a source map: a line and column (both from 0, as
 * a CPU profile gives them) to the source place of the nearest mapping at or before it.
 */
export function sourcePlaces(map: SourceMap): (line: number, column: number) => SourcePlace | null {
	// Each generated line's segments: [column, source, source line, source column, name or -1].
	const lines: number[][][] = [];
	const state = [0, 0, 0, 0, 0];
	for (const text of map.mappings.split(";")) {
		const segments: number[][] = [];
		state[0] = 0;
		for (const segment of text === "" ? [] : text.split(",")) {
			const fields = decodeVlq(segment);
			fields.forEach((value, index) => (state[index] += value));
			// A segment of one field maps its column to no source.
			const source = fields.length === 1 ? -1 : state[1];
			segments.push([state[0], source, state[2], state[3], fields.length === 5 ? state[4] : -1]);
		}
		lines.push(segments);
	}
	return (line, column) => {
		const segments = lines[line] ?? [];
		let found: number[] | undefined;
		for (const segment of segments) {
			if (segment[0] > column) break;
			found = segment;
		}
		if (found === undefined || found[1] === -1) return null;
		return { source: map.sources[found[1]], line: found[2] + 1, name: found[4] === -1 ? null : map.names[found[4]] };
	};
}

/** The numbers of one segment of a source map's mappings (base64 VLQ: 5 bits a digit, the sign in the lowest bit). */
function decodeVlq(segment: string): number[] {
	const values: number[] = [];
	let value = 0;
	let shift = 0;
	for (const char of segment) {
		const digit = BASE64.indexOf(char);
		value += (digit & 31) << shift;
		if (digit & 32) shift += 5;
		else {
			values.push(value & 1 ? -(value >>> 1) : value >>> 1);
			value = 0;
			shift = 0;
		}
	}
	return values;
}
