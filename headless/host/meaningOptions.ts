import type { MeaningStatus } from "../../src/core/retrieval/meaning/meaningIndex";
import { createEmbeddingClient, EMBEDDING_APIS, type EmbeddingApi } from "../../src/llm/embeddings";
import type { ParsedArgs } from "./args";
import type { LiveMeaningOptions, MeaningSetup } from "./headlessMeaning";
import type { HeadlessWorkspace } from "./headlessWorkspace";
import type { IndexCache } from "./indexCache";
import { nodeDelay } from "./nodeDelay";
import { refuseUnconfirmedPrivacy } from "./privacyReview";
import { UsageError } from "./usageError";

/**
 * The options that turn on search by meaning for a command and for the MCP server: the embedding
 * server's address, its model, and its API (OpenAI-compatible unless `ollama`). Its key, when it
 * asks for one (a cloud endpoint), comes from `AW_EMBED_API_KEY`, never from the command line,
 * where other users see it.
 */
export const MEANING_OPTIONS = ["embed-url", "embed-model", "embed-api"] as const;

/** The embedding server and model the options name. */
export interface MeaningChoice {
	readonly api: EmbeddingApi;
	readonly baseURL: string;
	readonly model: string;
}

/**
 * The server the options name, checked before the vault is opened; `undefined` without
 * `--embed-url`. A model or an API without an address is a mistake, not a request for no meaning.
 */
export function meaningChoiceOf(args: ParsedArgs): MeaningChoice | undefined {
	const baseURL = args.options.get("embed-url");
	if (baseURL === undefined) {
		const stray = MEANING_OPTIONS.find((name) => args.options.has(name));
		if (stray !== undefined) throw new UsageError(`--${stray} needs --embed-url, the embedding server's address.`);
		return undefined;
	}
	const model = args.options.get("embed-model");
	if (model === undefined || model.trim() === "")
		throw new UsageError("--embed-url needs --embed-model, the embedding model the server runs (e.g. bge-m3).");
	const api = args.options.get("embed-api") ?? "openai";
	if (!isEmbeddingApi(api)) throw new UsageError(`--embed-api is ${EMBEDDING_APIS.join(" or ")}, not ${api}.`);
	return { api, baseURL, model };
}

export interface MeaningSetupOptions {
	/** Whether what is embedded is saved back (see `MeaningSetup.saves`); yes unless said. */
	readonly saves?: boolean;
	/**
	 * For a host that lives on (the MCP server): the notes embedded in the background, a failing
	 * server asked again later rather than at the next run, and a query given up on after
	 * `QUERY_TIMEOUT_MS` rather than the minutes a batch of passages may take.
	 */
	readonly live?: LiveMeaningOptions;
	/** How long a query waits on a host that lives on; `QUERY_TIMEOUT_MS` unless a test sets it. */
	readonly queryTimeoutMs?: number;
}

/**
 * How long a search waits for its query's vector on a host that lives on: a server that hangs
 * makes the answer keyword search's, not a call that stalls for minutes. A local server loading
 * its model answers the first query within seconds.
 */
export const QUERY_TIMEOUT_MS = 15_000;

/**
 * Search by meaning as `choice` asks for it, its vectors kept in `cache`, with its progress on
 * stderr; `undefined` without a choice. Refused while the vault's privacy settings could not be
 * recovered: the notes' passages would be sent under rules no one checked.
 */
export function meaningSetupOf(
	choice: MeaningChoice | undefined,
	headless: Pick<HeadlessWorkspace, "privacyReviewNeeded" | "receipts">,
	cache: IndexCache | null,
	options: MeaningSetupOptions = {},
): MeaningSetup | undefined {
	if (choice === undefined) return undefined;
	refuseUnconfirmedPrivacy(headless);
	const apiKey = process.env.AW_EMBED_API_KEY;
	const settings = {
		...choice,
		...(apiKey === undefined || apiKey === "" ? {} : { apiKey }),
		delay: nodeDelay,
		receipts: headless.receipts,
	};
	const client = createEmbeddingClient(settings);
	const { live } = options;
	const quick =
		live !== undefined
			? createEmbeddingClient({ ...settings, timeoutMs: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS })
			: client;
	return {
		// One model, two time limits: a query waits seconds, a batch of passages minutes.
		client:
			live !== undefined
				? { modelId: client.modelId, embed: (request) => (request.purpose === "query" ? quick : client).embed(request) }
				: client,
		onProgress: progressOnStderr(live !== undefined),
		cache,
		saves: options.saves ?? true,
		...(live !== undefined && { live }),
	};
}

function isEmbeddingApi(name: string): name is EmbeddingApi {
	return (EMBEDDING_APIS as readonly string[]).includes(name);
}

/**
 * A line at each tenth of the notes once something is embedded (a run with every vector kept says
 * nothing), and why it paused; on a host that lives on, also when a catch-up that embedded
 * something is done, since no report follows it there.
 */
function progressOnStderr(live: boolean): (status: MeaningStatus) => void {
	let told = -1;
	return (status) => {
		if (status.state === "paused") {
			const then = live
				? "the server is asked again at a later call, after a wait that grows while it keeps failing"
				: "the next run goes on embedding";
			process.stderr.write(
				`Search by meaning is paused (${status.message}): search goes on by keyword, and ${then}.\n`,
			);
			return;
		}
		if (status.state === "ready") {
			told = -1;
			if (live && status.embedded > 0)
				process.stderr.write(
					`Search by meaning is up to date: ${status.chunks} chunks with vectors (${status.embedded} embedded now).\n`,
				);
			return;
		}
		if (status.notesTotal === 0 || status.embedded === 0) return;
		const tenth = Math.floor((10 * status.notesDone) / status.notesTotal);
		if (tenth === told) return;
		told = tenth;
		process.stderr.write(`Embedding notes for search by meaning: ${status.notesDone} of ${status.notesTotal}\n`);
	};
}
