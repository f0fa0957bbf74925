import { performance } from "node:perf_hooks";
import {
	formatMatches,
	MEMORY_TOOLS,
	memorySearchInput,
	parseArguments,
	runTool,
	searchMemories,
} from "../../src/core/agent/tools";
import { listOption, rejectUnknownOptions, requireOption, UsageError, type ParsedArgs } from "./args";
import { printed, type Command } from "./command";
import { openHeadlessWorkspace } from "./headless";
import { indexCacheFor, openHeadlessMemory, type HeadlessMemory } from "./headlessMemory";
import { meaningChoiceOf, meaningSetupOf, MEANING_OPTIONS } from "../../headless/host/meaningOptions";
import { indexReport, indexSummary, meaningReport } from "./memoryReport";

/** The commands that search and read memory as the model does, over a vault folder. */

const VAULT_OPTIONS = ["vault", "now", "exclude-folders", "exclude-tags", ...MEANING_OPTIONS];

/** `search "<query>"`: the `memory_search` tool's results, as JSON (`--json`) or as the model reads them. */
export const searchCommand: Command = async (args) => {
	rejectUnknownOptions(args, [...VAULT_OPTIONS, "limit", "tags", "kind", "folder", "since", "until", "json"], 1);
	if (args.positional.length !== 1)
		throw new UsageError('search takes one query, in quotes: search "sleep and memory" --vault <dir>.');
	// Checked as the tool checks the model's arguments, before the vault is loaded.
	const request = parseArguments(memorySearchInput(), searchArguments(args));
	if (!request.ok) throw new UsageError(`invalid search: ${oneLine(request.message)}`);
	const { deps } = await openMemory(args);
	const matches = await searchMemories(deps, request.value);
	return printed(args.flags.has("json") ? [JSON.stringify(matches, null, 2)] : [formatMatches(matches)]);
};

/** `tool <name> '<json>'`: the tool's answer exactly as the model receives it; exit code 1 when it is an error. */
export const toolCommand: Command = async (args) => {
	rejectUnknownOptions(args, VAULT_OPTIONS, 2);
	const [name, json = "{}"] = args.positional;
	if (name === undefined || !MEMORY_TOOLS.has(name)) {
		throw new UsageError(
			`tool takes a tool name (${[...MEMORY_TOOLS.keys()].join(", ")}) and its arguments as one JSON object.`,
		);
	}
	const input = parseJson(json);
	const { deps } = await openMemory(args);
	const result = await runTool(name, input, deps);
	return { lines: [result.text], exitCode: result.isError ? 1 : 0 };
};

/** `index`: builds the index of the vault and says what it holds and what it cost. */
export const indexCommand: Command = async (args) => {
	rejectUnknownOptions(args, ["vault", "exclude-folders", "exclude-tags", "json", ...MEANING_OPTIONS]);
	const started = performance.now();
	const vault = requireOption(args, "vault");
	const excluded = exclusions(args);
	const headless = await openHeadlessWorkspace(vault, excluded);
	const loadMs = performance.now() - started;
	// The index is built from the notes, to measure it; the vectors are kept, so that a search embeds
	// only its query, unless the run excludes folders or tags of its own.
	const saves = excluded.excludeFolders.length === 0 && excluded.excludeTags.length === 0;
	const memory = await openHeadlessMemory(
		headless,
		null,
		meaningSetupOf(meaningChoiceOf(args), headless, indexCacheFor(vault), { saves }),
	);
	const stats = memory.index.stats();
	// The index keeps its tables in typed arrays, whose elements live in array buffers outside the heap.
	const { heapUsed, arrayBuffers } = process.memoryUsage();
	const summary = indexSummary(stats, memory.buildMs, heapUsed + arrayBuffers);
	const { meaning } = memory;
	if (args.flags.has("json")) return printed([JSON.stringify(meaning === null ? summary : { ...summary, meaning })]);
	return printed([...indexReport(summary, stats, loadMs), ...(meaning === null ? [] : [meaningReport(meaning)])]);
};

/**
 * The memory of `--vault`, its index from the device's cache, unless folders or tags are excluded
 * for this run only: an index under those rules would replace the one the settings' rules keep.
 */
async function openMemory(args: ParsedArgs): Promise<HeadlessMemory> {
	const vault = requireOption(args, "vault");
	const excluded = exclusions(args);
	const headless = await openHeadlessWorkspace(vault, { now: args.options.get("now"), ...excluded });
	const adHoc = excluded.excludeFolders.length > 0 || excluded.excludeTags.length > 0;
	const cache = indexCacheFor(vault);
	// Under rules of its own the run reads the saved vectors (what it excludes is dropped from its
	// search, not from the device) and saves none: nothing is embedded again for a one-off exclusion.
	return openHeadlessMemory(
		headless,
		adHoc ? null : cache,
		meaningSetupOf(meaningChoiceOf(args), headless, cache, { saves: !adHoc }),
	);
}

/**
 * Each flag's text whole, as one line of the settings: the privacy rules read it as they read the
 * settings' lists (`"Private";Journal` names two folders, `#health #secret` two tags).
 */
function exclusions(args: ParsedArgs) {
	const entry = (name: string) => {
		const text = args.options.get(name) ?? "";
		return text.trim() === "" ? [] : [text];
	};
	return { excludeFolders: entry("exclude-folders"), excludeTags: entry("exclude-tags") };
}

/** The search options as the tool's arguments; absent options stay absent, so the tool's defaults apply. */
function searchArguments(args: ParsedArgs): Record<string, unknown> {
	const option = (name: string) => args.options.get(name);
	const limit = option("limit");
	const tags = listOption(args, "tags");
	return {
		query: args.positional[0],
		...(limit === undefined ? {} : { limit: Number(limit) }),
		...(tags.length === 0 ? {} : { tags }),
		...Object.fromEntries(
			["kind", "folder", "since", "until"].flatMap((name) =>
				option(name) === undefined ? [] : [[name, option(name)]],
			),
		),
	};
}

/** The tool's list of problems (`- limit: …` a line) as one line, as the command line prints an error. */
function oneLine(message: string): string {
	return message
		.split("\n")
		.map((line) => line.replace(/^- /, "").trim())
		.filter((line) => line !== "")
		.join("; ");
}

function parseJson(json: string): unknown {
	try {
		return JSON.parse(json) as unknown;
	} catch {
		throw new UsageError(`the tool's arguments must be one JSON object, e.g. '{"query": "sleep"}', not ${json}`);
	}
}
