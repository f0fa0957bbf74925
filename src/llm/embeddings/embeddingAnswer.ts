import { EmbeddingError } from "../../core/model/embeddingClient";
import { isRecord } from "../../core/workspace/data/json";

/**
 * How an API's answer holds its vectors: Ollama's `{embeddings: [[...], ...]}` in the texts'
 * order, OpenAI's `{data: [{index, embedding}, ...]}` in any order, each naming its text by index.
 * Returns the vectors in the texts' order as the server wrote them, or undefined when the body
 * is not in the API's shape.
 */
export type VectorsOf = (body: unknown) => readonly unknown[] | undefined;

export const ollamaVectors: VectorsOf = (body) =>
	isRecord(body) && Array.isArray(body.embeddings) ? body.embeddings : undefined;

export const openAiVectors: VectorsOf = (body) => {
	if (!isRecord(body) || !Array.isArray(body.data)) return undefined;
	const vectors: unknown[] = [];
	for (const entry of body.data) {
		if (!isRecord(entry) || !Number.isInteger(entry.index)) return undefined;
		const index = entry.index as number;
		// Each text's vector once: an index out of range or given twice leaves a text without its own.
		if (index < 0 || index >= body.data.length || index in vectors) return undefined;
		vectors[index] = entry.embedding;
	}
	return vectors;
};

/**
 * The vectors of an answer's text, checked: a JSON body in the API's shape with one vector per
 * text, every vector of one dimension (`dimension` when the model's is already known), every value
 * a finite number, finite as a 32-bit float too. Anything else fails as `bad-answer`, with nothing
 * returned: a vector stored from a broken answer would rank notes by noise until re-embedded.
 */
export function checkedVectors(
	text: string,
	vectorsOf: VectorsOf,
	count: number,
	dimension: number | undefined,
): Float32Array[] {
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		throw badAnswer(text.trim() === "" ? "The server's answer was empty." : "The server's answer was not JSON.");
	}
	const raw = vectorsOf(body);
	if (raw === undefined) throw badAnswer("The server's answer held no vectors in the shape its API gives them.");
	if (raw.length !== count) throw badAnswer(`The server sent ${raw.length} vectors for ${count} texts.`);
	const expected = dimension ?? (Array.isArray(raw[0]) ? raw[0].length : 0);
	return raw.map((vector) => checkedVector(vector, expected));
}

function checkedVector(vector: unknown, dimension: number): Float32Array {
	if (!Array.isArray(vector)) throw badAnswer("The server sent something other than a list of numbers as a vector.");
	if (vector.length === 0) throw badAnswer("The server sent an empty vector.");
	if (vector.length !== dimension) {
		throw badAnswer(`The server sent a vector of ${vector.length} dimensions where the model's have ${dimension}.`);
	}
	const values = new Float32Array(dimension);
	for (let i = 0; i < dimension; i++) {
		const value: unknown = vector[i];
		if (typeof value !== "number") throw badAnswer("The server sent a vector holding something other than numbers.");
		values[i] = value;
		if (!Number.isFinite(values[i])) throw badAnswer("The server sent a vector holding a value that is not finite.");
	}
	return values;
}

function badAnswer(message: string): EmbeddingError {
	return new EmbeddingError("bad-answer", message);
}
