import type { EmbeddingClient, EmbeddingRequest } from "../../../../src/core/model/embeddingClient";
import { probeCoverage } from "../../../../src/core/retrieval/ranking/coverageProbe";

/**
 * A toy model: a text's vector counts its characters, hashed into 1,024 dimensions. One that reads
 * CJK counts each character as itself; one that does not reads every CJK character as the same
 * unknown token, as an English model's vocabulary does.
 */
class CharacterModel implements EmbeddingClient {
	readonly modelId: string;
	requests = 0;
	constructor(private readonly readsCjk: boolean) {
		this.modelId = `test:${readsCjk ? "multilingual" : "english"}`;
	}
	async embed(request: EmbeddingRequest): Promise<Float32Array[]> {
		this.requests++;
		return request.texts.map((text) => {
			const vector = new Float32Array(1024);
			for (const char of text.replace(/[\p{P}\s]/gu, "")) {
				const code = /[\u3040-\u9fff]/.test(char) && !this.readsCjk ? 0 : (char.codePointAt(0) ?? 0);
				vector[code % 1024] += 1;
			}
			return vector;
		});
	}
}

describe("asking a model which languages it reads", () => {
	it("finds that a multilingual model reads Chinese and Japanese", async () => {
		expect(await probeCoverage(new CharacterModel(true))).toEqual({ readsCjk: true });
	});

	it("finds that a model reading every CJK character alike does not, after one request", async () => {
		const model = new CharacterModel(false);
		expect(await probeCoverage(model)).toEqual({ readsCjk: false });
		expect(model.requests).toBe(1);
	});
});
