import type { EmbeddingClient } from "../../src/core/model/embeddingClient";
import { ServerEmbeddingClient } from "../../src/llm/embeddings/serverEmbeddingClient";
import { probeCoverage } from "../../src/core/retrieval/ranking/coverageProbe";
import { READS_ALL, type ModelCoverage } from "../../src/core/retrieval/ranking/vectorTrust";
import { RunnerUsageError, type RunnerArgs } from "../lib/retrievalBench/commandLine";

/** The model the eval measures, from `--embed-url`, `--embed-model`, `--embed-api` and `--embed-reads`. */
export interface EmbeddingSetup {
	readonly client: EmbeddingClient;
	/** What the model reads: asked of the model itself (`auto`, by default), or as `--embed-reads` says. */
	coverage(): Promise<ModelCoverage>;
}

/** `null` without `--embed-url`: the eval then measures keyword search alone. */
export function embeddingSetup(args: RunnerArgs): EmbeddingSetup | null {
	const url = args.lists.get("embed-url")?.[0];
	const model = args.lists.get("embed-model")?.[0];
	if (url === undefined && model === undefined) return null;
	if (url === undefined || model === undefined) throw new RunnerUsageError("--embed-url and --embed-model go together");
	const api = args.lists.get("embed-api")?.[0] ?? "openai";
	if (api !== "openai" && api !== "ollama") throw new RunnerUsageError(`--embed-api: ${api} is not openai or ollama`);
	const reads = args.lists.get("embed-reads")?.[0] ?? "auto";
	if (reads !== "auto" && reads !== "all" && reads !== "spaced") throw new RunnerUsageError(`--embed-reads: ${reads} is not auto, all or spaced`);
	const client = clientFor(url, model, api);
	const coverage = async () => (reads === "auto" ? probeCoverage(client) : reads === "all" ? READS_ALL : { readsCjk: false });
	return { client, coverage };
}

/**
 * The product's own client for the server: the eval measures the path a user's search takes. Not
 * receipted: the eval sends a public vault's text, and no user's, to a server its runner chose.
 */
function clientFor(url: string, model: string, api: "openai" | "ollama"): EmbeddingClient {
	return new ServerEmbeddingClient({ api, baseURL: url, model, delay: nodeDelay });
}

function nodeDelay(callback: () => void, ms: number): () => void {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
}
