import type { MeaningStatus } from "../../src/core/retrieval/meaning/meaningIndex";
import { createEmbeddingClient, EMBEDDING_APIS, type EmbeddingApi } from "../../src/llm/embeddings";
import type { MeaningSetup } from "../../headless/host/headlessMeaning";
import type { IndexCache } from "../../headless/host/indexCache";
import { UsageError, type ParsedArgs } from "./args";
import type { HeadlessWorkspace } from "./headless";
import { nodeDelay, PRIVACY_FIX } from "./headlessModel";
import { t } from "../../src/i18n";

/**
 * The options that turn on search by meaning for a command: the embedding server's address, its
 * model, and its API (OpenAI-compatible unless `ollama`). Its key, when it asks for one (a cloud
 * endpoint), comes from `AW_EMBED_API_KEY`, never from the command line, where other users see it.
 */
export const MEANING_OPTIONS = ["embed-url", "embed-model", "embed-api"] as const;

/**
 * Search by meaning as the options ask for it, its vectors kept in `cache`, with its progress on
 * stderr; `undefined` without
 * `--embed-url`. Refused while the vault's privacy settings could not be recovered: the notes'
 * passages would be sent under rules no one checked.
 */
export function meaningSetupOf(
	args: ParsedArgs,
	headless: Pick<HeadlessWorkspace, "privacyReviewNeeded" | "receipts">,
	cache: IndexCache | null,
	saves = true,
): MeaningSetup | undefined {
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
	if (headless.privacyReviewNeeded) throw new UsageError(`${t("model-error.privacy-unconfirmed")} ${PRIVACY_FIX}`);
	const apiKey = process.env.AW_EMBED_API_KEY;
	const client = createEmbeddingClient({
		api,
		baseURL,
		model,
		...(apiKey === undefined || apiKey === "" ? {} : { apiKey }),
		delay: nodeDelay,
		receipts: headless.receipts,
	});
	return { client, onProgress: progressOnStderr(), cache, saves };
}

function isEmbeddingApi(name: string): name is EmbeddingApi {
	return (EMBEDDING_APIS as readonly string[]).includes(name);
}

/** A line at each tenth of the notes once something is embedded (a run with every vector kept says nothing), and why it paused. */
function progressOnStderr(): (status: MeaningStatus) => void {
	let told = -1;
	return (status) => {
		if (status.state === "paused") {
			process.stderr.write(
				`Search by meaning is paused (${status.message}): search goes on by keyword, and the next run goes on embedding.\n`,
			);
			return;
		}
		if (status.state !== "embedding" || status.notesTotal === 0 || status.embedded === 0) return;
		const tenth = Math.floor((10 * status.notesDone) / status.notesTotal);
		if (tenth === told) return;
		told = tenth;
		process.stderr.write(`Embedding notes for search by meaning: ${status.notesDone} of ${status.notesTotal}\n`);
	};
}
