import { performance } from "node:perf_hooks";
import { CallBudget, mcpSurface, MCP_HOST_LIMITS, type CallLimits, type McpSurface } from "../../src/core/mcp";
import { openHeadlessMemory, type HeadlessMemory } from "../host/headlessMemory";
import { openHeadlessWorkspace, type HeadlessWorkspace } from "../host/headlessWorkspace";
import { indexCacheFor } from "../host/indexCache";
import { meaningSetupOf, type MeaningChoice } from "../host/meaningOptions";
import { UsageError } from "../host/usageError";

/** How long a listing of the vault folder is trusted before a call lists it again. */
const RESCAN_MS = 2000;

export interface HeadlessMcpOptions {
	/** Whether clients get the tools that write (`--allow-writes`); read-only otherwise. */
	readonly allowWrites: boolean;
	/** A fixed time, for tests. */
	readonly now?: string;
	/** How long a listing of the folder is trusted, for tests; `RESCAN_MS` otherwise. */
	readonly rescanMs?: number;
	/** Each session's call limits, for tests; `MCP_CALL_LIMITS` otherwise. */
	readonly limits?: CallLimits;
	/** All sessions' limits together, for tests; `MCP_HOST_LIMITS` otherwise. */
	readonly hostLimits?: CallLimits;
	/** The embedding server that `memory_search` searches by meaning with (`--embed-url`…); keyword search alone without. */
	readonly meaning?: MeaningChoice;
	/** Search by meaning's waits, for tests: on a failing server (`backOff` otherwise), on a query (`QUERY_TIMEOUT_MS`). */
	readonly meaningTimings?: { readonly waitMs?: (failures: number) => number; readonly queryTimeoutMs?: number };
}

/** The workspace a headless MCP server serves, and a surface per client session over it. */
export interface HeadlessMcp {
	readonly headless: HeadlessWorkspace;
	readonly memory: HeadlessMemory;
	/** A new session's surface, with its own budget: one per stdio process, one per HTTP session. */
	openSurface(clientName: () => unknown): McpSurface;
}

/**
 * The vault folder's workspace as the plugin saved its settings (its `data.json`, so the same
 * private folders and tags), its index built in memory at start, served to MCP clients. Refused
 * while the privacy settings could not be recovered and nobody has checked them, as the command
 * line refuses to ask a model then: a client's model would read what they no longer hide.
 */
export async function openHeadlessMcp(vaultDir: string, options: HeadlessMcpOptions): Promise<HeadlessMcp> {
	const headless = await openHeadlessWorkspace(vaultDir, {
		livePrivacy: true,
		...(options.now !== undefined && { now: options.now }),
	});
	if (headless.privacyReviewNeeded)
		throw new UsageError(
			"The vault's privacy settings could not be recovered and have not been checked: confirm them in the plugin's Privacy settings in Obsidian before serving the vault.",
		);
	const cache = indexCacheFor(vaultDir);
	// Embedded in the background: the first call is answered by keyword at once, however large the vault.
	const meaning = meaningSetupOf(options.meaning, headless, cache, {
		live: {
			// A folder made private in Obsidian during a long first embedding is not sent on.
			beforeSending: () => headless.reloadPrivacy(),
			...(options.meaningTimings?.waitMs !== undefined && { waitMs: options.meaningTimings.waitMs }),
		},
		...(options.meaningTimings?.queryTimeoutMs !== undefined && {
			queryTimeoutMs: options.meaningTimings.queryTimeoutMs,
		}),
	});
	const memory = await openHeadlessMemory(headless, cache, meaning);
	const { workspace } = headless;
	// A getter, taken at each call: the server lives across days and while the Daily notes options change.
	const writes = options.allowWrites
		? {
				writer: workspace.writer,
				get daily() {
					return headless.dailyTarget();
				},
			}
		: undefined;
	// Obsidian (or anything else) may write the vault, and the user change the privacy settings,
	// while the server lives. Before every call the private folders and tags are read again (a
	// small file: a folder made private is hidden from the very next call, not seconds later); the
	// folder is listed again at most once per `rescanMs` (a listing costs a walk of the folder), and
	// what changed is indexed (the server's own writes are in the listing already).
	let rescanned = Number.NEGATIVE_INFINITY;
	const catchUp = async () => {
		headless.reloadPrivacy();
		const now = performance.now();
		if (now - rescanned >= (options.rescanMs ?? RESCAN_MS)) {
			headless.vault.rescan();
			rescanned = now;
		}
		await memory.refresh();
	};
	// The plugin's, then the latest a client saved here (the plugin's data.json is Obsidian's to write).
	let lastCheckpoint = headless.state.lastCheckpoint;
	// One for the whole process: a client that reconnects for every call meets it all the same.
	const hostBudget = new CallBudget(
		() => memory.deps.clock.now().getTime(),
		options.hostLimits ?? MCP_HOST_LIMITS,
		"host",
	);
	return {
		headless,
		memory,
		openSurface: (clientName) =>
			mcpSurface(
				{
					// The client is a model's host (Claude Code, Claude Desktop): it takes images and PDFs as MCP content.
					memory: { ...memory.deps, readsAttachments: true },
					...(writes !== undefined && { writes }),
					hotMemoryCapTokens: headless.settings.hotMemoryCapTokens,
					lastCheckpoint: () => lastCheckpoint,
					checkpointSaved: (checkpoint) => {
						lastCheckpoint = checkpoint;
					},
					catchUp,
					receipts: headless.receipts,
				},
				{ clientName, hostBudget, ...(options.limits !== undefined && { limits: options.limits }) },
			),
	};
}
