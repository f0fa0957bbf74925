import type { EmbeddingPurpose } from "../../core/model/embeddingClient";

/**
 * The words some models were trained to read before a query and before a passage. Without them
 * such a model still answers, with vectors that match a question to its answer worse; a model not
 * named here reads both kinds alike and is sent the texts as they are. A model is known by a part
 * of its name, so that every server's spelling of it matches (Ollama's `nomic-embed-text:latest`,
 * LM Studio's `text-embedding-nomic-embed-text-v1.5`, `intfloat/multilingual-e5-large`).
 */
interface PurposePrefixes {
	readonly model: RegExp;
	readonly query: string;
	readonly document: string;
}

const PREFIXES: readonly PurposePrefixes[] = [
	// Nomic's models are told the task of each text.
	{ model: /nomic-embed-text/, query: "search_query: ", document: "search_document: " },
	// The E5 family (multilingual-e5-small, -base, -large, e5-base-v2 ...) was trained with both.
	{ model: /(?:^|[/:_-])e5-(?:small|base|large)|multilingual-e5/, query: "query: ", document: "passage: " },
	// mxbai-embed-large asks for its instruction before a query alone.
	{ model: /mxbai-embed-large/, query: "Represent this sentence for searching relevant passages: ", document: "" },
	// EmbeddingGemma names the task of a query and the title of a document (none is given here).
	{ model: /embeddinggemma/, query: "task: search result | query: ", document: "title: none | text: " },
	// Qwen3-Embedding reads an instruction before a query, and documents as they are.
	{
		model: /qwen3-embedding/,
		query: "Instruct: Given a question, retrieve the notes that answer it\nQuery:",
		document: "",
	},
];

/** `texts` as `model` should read them for `purpose`: with its prefixes when it is known to want them. */
export function withPurpose(model: string, texts: readonly string[], purpose: EmbeddingPurpose): readonly string[] {
	const known = PREFIXES.find((entry) => entry.model.test(model.toLowerCase()));
	const prefix = known === undefined ? "" : known[purpose];
	return prefix === "" ? texts : texts.map((text) => prefix + text);
}
