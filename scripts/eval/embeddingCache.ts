import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import * as nodePath from "node:path";
import type { EmbeddingClient, EmbeddingPurpose } from "../../src/core/model/embeddingClient";

/** Where the eval keeps vectors between runs (under `.tmp/`, which git ignores). */
export const EMBEDDING_CACHE_DIR = nodePath.join(__dirname, "..", "..", ".tmp", "eval-embeddings");
const BATCH = 32;

/**
 * A model's vectors of the eval's texts, on disk: a text is sent to the server once per model and
 * purpose, so a rerun (another fusion, another set) embeds nothing again. One JSON line a vector,
 * keyed by the hash of the model id, the purpose and the text.
 */
export class CachedEmbeddings {
	private readonly file: string;
	private readonly vectors = new Map<string, Float32Array>();

	constructor(
		private readonly client: EmbeddingClient,
		folder = EMBEDDING_CACHE_DIR,
	) {
		mkdirSync(folder, { recursive: true });
		this.file = nodePath.join(folder, `${hash(client.modelId).slice(0, 16)}.jsonl`);
		if (!existsSync(this.file)) return;
		for (const line of readFileSync(this.file, "utf8").split("\n")) {
			if (line === "") continue;
			const { k, v } = JSON.parse(line) as { k: string; v: string };
			const bytes = Buffer.from(v, "base64");
			this.vectors.set(k, new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
		}
	}

	get modelId(): string {
		return this.client.modelId;
	}

	/** One vector per text, from the cache where it is, from the server in batches where not. */
	async embed(texts: readonly string[], purpose: EmbeddingPurpose, progress?: (done: number, total: number) => void): Promise<Float32Array[]> {
		const keys = texts.map((text) => hash(`${this.client.modelId}\n${purpose}\n${text}`));
		// The first text of each key not cached: a text given twice is sent once.
		const missing = keys.flatMap((key, index) => (this.vectors.has(key) || keys.indexOf(key) !== index ? [] : [index]));
		for (let start = 0; start < missing.length; start += BATCH) {
			const batch = missing.slice(start, start + BATCH);
			const vectors = await this.client.embed({ texts: batch.map((index) => texts[index]), purpose });
			const lines = batch.map((index, at) => {
				this.vectors.set(keys[index], vectors[at]);
				return JSON.stringify({ k: keys[index], v: Buffer.from(vectors[at].buffer, vectors[at].byteOffset, vectors[at].byteLength).toString("base64") });
			});
			appendFileSync(this.file, `${lines.join("\n")}\n`);
			progress?.(Math.min(start + BATCH, missing.length), missing.length);
		}
		return keys.map((key) => this.vectors.get(key) as Float32Array);
	}
}

function hash(text: string): string {
	return createHash("sha256").update(text).digest("hex");
}
