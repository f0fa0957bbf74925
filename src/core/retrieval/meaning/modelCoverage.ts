import type { ModelCoverage } from "../ranking/vectorTrust";

/**
 * Embedding models known to read Chinese and Japanese, by a part of the name each server gives
 * them (`bge-m3`, `BAAI/bge-m3`, `text-embedding-bge-m3`, `qwen3-embedding:0.6b`). OpenAI's
 * `text-embedding-3` models read them too.
 */
const READS_CJK = [
	"bge-m3",
	"multilingual",
	"qwen3-embedding",
	"gte-qwen",
	"jina-embeddings-v3",
	"embeddinggemma",
	"nomic-embed-text-v2",
	"snowflake-arctic-embed2",
	"granite-embedding-278m",
	"text-embedding-3",
	"labse",
	"bge-large-zh",
	"bge-base-zh",
	"bge-small-zh",
	"text2vec",
	"sarashina",
	"ruri",
];

/**
 * What the model named `model` reads. A model not known to read Chinese and Japanese is taken not
 * to: most small embedding models were trained on English alone, and a model that cannot read a
 * query must not pull keyword search's answers down. A model that does read them, but is not in
 * the list, then helps English queries only: it never makes a search worse than keyword search.
 */
export function coverageOfModel(model: string): ModelCoverage {
	const name = model.toLowerCase();
	return { readsCjk: READS_CJK.some((known) => name.includes(known)) };
}
