import type { SearchHit } from "../../../../src/core/retrieval";
import { hybridRanking, type HybridRequest } from "../../../../src/core/retrieval/ranking/hybridRanking";
import { READS_ALL } from "../../../../src/core/retrieval/ranking/vectorTrust";

function hit(path: string, score: number, matchedTerms: string[], linked = false): SearchHit {
	return { path, score, line: 1, endLine: 1, heading: "", kind: "notes", matchedTerms, linked };
}

const NAMES: Record<string, string[]> = { "Plugins/Graph view.md": ["Graph view"], "Plugins/Canvas.md": ["Canvas"] };

function request(overrides: Partial<HybridRequest>): HybridRequest {
	return {
		query: "",
		keywordHits: [],
		namesOf: (path) => NAMES[path] ?? [],
		vectorHits: [],
		coverage: READS_ALL,
		readableShare: 1,
		limit: 5,
		...overrides,
	};
}

describe("hybrid ranking of one query", () => {
	it("keeps the note whose title the query misspells first, whatever the vectors say", () => {
		const fused = hybridRanking(
			request({
				query: "grpah veiw",
				keywordHits: [hit("Notes/Graphs.md", 9, ["graph"]), hit("Plugins/Graph view.md", 4, ["graph", "view"])],
				vectorHits: [
					{ path: "Notes/Dots.md", similarity: 0.8 },
					{ path: "Notes/Graphs.md", similarity: 0.7 },
				],
			}),
		);
		expect(fused[0].path).toBe("Plugins/Graph view.md");
	});

	it("leaves a question keyword search matched whole as keyword search ranked it", () => {
		const keywordHits = [hit("A.md", 9, ["colour", "group"]), hit("B.md", 5, ["colour"])];
		const fused = hybridRanking(
			request({
				query: "colour groups",
				keywordHits,
				vectorHits: [
					{ path: "C.md", similarity: 0.9 },
					{ path: "B.md", similarity: 0.8 },
				],
			}),
		);
		expect(fused.map((found) => found.path)).toEqual(["A.md", "B.md"]);
	});

	it("lets the vectors find the answer to a question in the asker's own words", () => {
		const fused = hybridRanking(
			request({
				query: "a whiteboard where I lay out boxes and draw arrows",
				keywordHits: [hit("Notes/Drawing.md", 6, ["draw"]), hit("Notes/Boxes.md", 5, ["boxe"])],
				vectorHits: [
					{ path: "Plugins/Canvas.md", similarity: 0.62 },
					{ path: "Notes/Drawing.md", similarity: 0.4 },
				],
			}),
		);
		expect(fused.slice(0, 2).map((found) => found.path)).toContain("Plugins/Canvas.md");
	});

	it("ignores an English model's vectors for a Chinese question", () => {
		const keywordHits = [hit("插件/白板.md", 3, ["白板"])];
		const fused = hybridRanking(
			request({
				query: "能画箭头的无限空间",
				keywordHits,
				coverage: { readsCjk: false },
				vectorHits: [{ path: "Other.md", similarity: 0.9 }],
			}),
		);
		expect(fused.map((found) => found.path)).toEqual(["插件/白板.md"]);
	});
});
