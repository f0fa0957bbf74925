/**
 * What `npm run bench:browser` installs in the sandbox's page before any of its scripts runs
 * (bundled, then given to `page.addInitScript`), and reads back as `window.browserBench`: the
 * latency of every key typed in the chat composer (key press to next paint), and when a search
 * through the plugin first answered and when it first said the index was complete. (The page's
 * tasks come from Chromium's trace, which has the short ones too.) It runs in the browser: no
 * Node, and only plain data in what it shares.
 */

/** What the benchmark tells the probe, as `window.browserBenchConfig`, set before it runs. */
export interface ProbeConfig {
	/** A query with matches in the vault: its first hits are the first search answer. */
	readonly query: string;
	/** A query that matches nothing: the "Search memory" modal then says whether the index is complete. */
	readonly noMatch: string;
	/** What the modal says for a query without hits once the index is complete (its English text). */
	readonly completeText: string;
	/** Time between two searches, in milliseconds. */
	readonly pollMs: number;
	/** The element whose keys are timed (the chat composer). */
	readonly typingTarget: string;
	/** With search by meaning on: what the probe watches and searches once the keyword index is complete. */
	readonly meaning?: MeaningProbeConfig;
}

export interface MeaningProbeConfig {
	/** The status bar's description of search by meaning once ready, around its count of passages (English). */
	readonly readyText: readonly [before: string, after: string];
	/** Queries searched in turn in the modal while embedding, one every `searchEveryMs`. */
	readonly queries: readonly string[];
	readonly searchEveryMs: number;
}

/** What the probe saw, every time in milliseconds of the page's clock (`performance.now()`). */
export interface ProbeState {
	readonly keyLatencies: number[];
	firstAnswerAt: number | null;
	completeAt: number | null;
	/** What the status bar says of search by meaning, as it last read it (its description). */
	meaningStatus: string;
	/** When the status bar first said that search by meaning is ready with passages embedded. */
	meaningReadyAt: number | null;
	/** While embedding: each query's keyword answer, the input event handled (search and rendering). */
	keywordSearchMs: number[];
	/** While embedding: each query's fused answer, from the query typed to the modal's second answer (its wait included). */
	fusedSearchMs: number[];
}

interface SandboxWindow {
	readonly sandbox?: { readonly plugin: { readonly commands: { id: string; callback?: () => unknown }[] } };
	readonly browserBenchConfig: ProbeConfig;
	browserBench: ProbeState;
}

const page = window as unknown as SandboxWindow;
const config = page.browserBenchConfig;
const state: ProbeState = {
	keyLatencies: [],
	firstAnswerAt: null,
	completeAt: null,
	meaningStatus: "",
	meaningReadyAt: null,
	keywordSearchMs: [],
	fusedSearchMs: [],
};
page.browserBench = state;

/**
 * Each key's latency, as the Event Timing API measures it and Interaction to Next Paint takes it:
 * from the key press to the paint that follows its handlers, to 8 ms, the longer of its keydown
 * and its keyup. The API reports only events of 16 ms or more; a key it reports neither of stays
 * at 16, the most it can have taken.
 */
const REPORTED_FROM_MS = 16;
// TypeScript's DOM types lack the Event Timing API's `durationThreshold`.
const EVENT_TIMING = { type: "event", durationThreshold: REPORTED_FROM_MS, buffered: true } as PerformanceObserverInit;
/** Each keydown and keyup in the composer by its time stamp (the entry's `startTime`), as the key it belongs to. */
const keyAt = { keydown: new Map<number, number>(), keyup: new Map<number, number>() };
/** The last key pressed of each physical key, for its keyup. */
const pressed = new Map<string, number>();
for (const type of ["keydown", "keyup"] as const) {
	document.addEventListener(
		type,
		(evt) => {
			if (!(evt.target instanceof Element) || !evt.target.matches(config.typingTarget)) return;
			if (type === "keydown") {
				pressed.set(evt.code, state.keyLatencies.length);
				state.keyLatencies.push(REPORTED_FROM_MS);
			}
			const key = pressed.get(evt.code);
			if (key !== undefined) keyAt[type].set(evt.timeStamp, key);
		},
		true,
	);
}
new PerformanceObserver((entries) => {
	for (const entry of entries.getEntries()) {
		const key = entry.name === "keydown" || entry.name === "keyup" ? keyAt[entry.name].get(entry.startTime) : undefined;
		if (key !== undefined) state.keyLatencies[key] = Math.max(state.keyLatencies[key], entry.duration);
	}
}).observe(EVENT_TIMING);

/**
 * Searches as a user would, in the plugin's "Search memory" modal, from the moment the sandbox
 * exposes its plugin: the query with matches until it first has hits, then the one without
 * until the modal no longer says the index is still being built.
 */
const waiting = setInterval(() => {
	const command = page.sandbox?.plugin.commands.find((candidate) => candidate.id.endsWith(":search-memory"));
	if (command === undefined) return;
	clearInterval(waiting);
	command.callback?.();
	const modal = document.querySelectorAll(".modal-container .prompt");
	const input = modal[modal.length - 1].querySelector("input");
	const results = modal[modal.length - 1].querySelector(".prompt-results");
	if (input === null || results === null) throw new Error("The search modal has no input or results.");
	const search = setInterval(() => {
		const at = performance.now();
		const answered = state.firstAnswerAt !== null;
		input.value = answered ? config.noMatch : config.query;
		input.dispatchEvent(new Event("input"));
		// The modal shows its suggestions a microtask later.
		void Promise.resolve().then(() => {
			if (!answered && results.querySelector(".suggestion-item") !== null) state.firstAnswerAt = at;
			if (answered && results.querySelector(".suggestion-empty")?.textContent === config.completeText) {
				state.completeAt = at;
				clearInterval(search);
				if (config.meaning !== undefined) searchWhileEmbedding(config.meaning, input);
			}
		});
	}, config.pollMs);
}, config.pollMs);

/**
 * Once the keyword index is complete, with search by meaning on: watches the status bar until it
 * says search by meaning is ready, and meanwhile searches in the modal as a user would, a query
 * every `searchEveryMs`. The modal answers by keyword at once, then by meaning and keyword fused
 * once the query has stayed for a moment: that second answer dispatches an input event of its own.
 */
function searchWhileEmbedding(meaning: MeaningProbeConfig, input: HTMLInputElement): void {
	const [before, after] = meaning.readyText;
	const watch = setInterval(() => {
		for (const item of Array.from(document.querySelectorAll(".status-bar-item[aria-label]"))) {
			const label = item.getAttribute("aria-label") ?? "";
			if (label.includes("Click to")) state.meaningStatus = label;
			if (!label.startsWith(before) || !label.includes(after)) continue;
			const passages = Number(label.slice(before.length, label.indexOf(after)).replace(/\D/g, ""));
			if (passages > 0) {
				state.meaningReadyAt = performance.now();
				clearInterval(watch);
				clearInterval(searching);
			}
		}
	}, config.pollMs);
	let sent: { readonly query: string; readonly at: number } | null = null;
	let typing = false;
	input.addEventListener("input", () => {
		if (typing || sent === null || input.value !== sent.query) return;
		state.fusedSearchMs.push(performance.now() - sent.at);
		sent = null;
	});
	let turn = 0;
	const searching = setInterval(() => {
		const query = meaning.queries[turn++ % meaning.queries.length];
		const at = performance.now();
		sent = { query, at };
		input.value = query;
		typing = true;
		input.dispatchEvent(new Event("input"));
		typing = false;
		state.keywordSearchMs.push(performance.now() - at);
	}, meaning.searchEveryMs);
}
