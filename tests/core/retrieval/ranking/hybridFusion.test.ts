import {
	fuseRankings,
	type FusionMethod,
	type KeywordCandidate,
	type VectorCandidate,
} from "../../../../src/core/retrieval/ranking/hybridFusion";

const keyword = (...paths: string[]): KeywordCandidate[] =>
	paths.map((path, rank) => ({ path, score: 10 - rank, named: false }));
const vector = (...paths: string[]): VectorCandidate[] =>
	paths.map((path, rank) => ({ path, similarity: 0.9 - rank * 0.05 }));
const paths = (hits: readonly { path: string }[]) => hits.map((hit) => hit.path);

describe.each<FusionMethod>(["reciprocal-rank", "normalized-score"])(
	"fusing keyword and vector results (%s)",
	(method) => {
		const params = { method, vectorWeight: 1, rankConstant: 60 };

		it("keeps a note the query names first, however far down the vectors put it", () => {
			const words = [{ path: "Canvas.md", score: 3, named: true }, ...keyword("Cards.md", "Board.md")];
			const fused = fuseRankings(words, vector("Board.md", "Cards.md", "Whiteboard.md"), 1, 5, params);
			expect(fused[0].path).toBe("Canvas.md");
		});

		it("returns the keyword results unchanged when the vector list is not trusted", () => {
			const words = keyword("Daily notes.md", "Templates.md", "Calendar.md");
			const fused = fuseRankings(words, vector("Random.md", "Calendar.md", "Other.md"), 0, 5, params);
			expect(paths(fused)).toEqual(["Daily notes.md", "Templates.md", "Calendar.md"]);
			expect(fused.every((hit) => hit.keyword && !hit.vector)).toBe(true);
		});

		it("lifts a note both lists found above notes only one of them found", () => {
			const fused = fuseRankings(keyword("A.md", "B.md", "C.md"), vector("D.md", "C.md", "E.md"), 1, 5, params);
			expect(paths(fused).indexOf("C.md")).toBeLessThan(paths(fused).indexOf("B.md"));
			expect(fused.find((hit) => hit.path === "C.md")).toMatchObject({ keyword: true, vector: true });
		});

		it("brings in a note that only the vectors found, marked as such", () => {
			const fused = fuseRankings(keyword("A.md"), vector("Meaning.md"), 1, 5, params);
			expect(fused.find((hit) => hit.path === "Meaning.md")).toMatchObject({ keyword: false, vector: true });
		});

		it("finds by meaning alone when keywords find nothing", () => {
			expect(paths(fuseRankings([], vector("X.md", "Y.md"), 1, 5, params))).toEqual(["X.md", "Y.md"]);
		});

		it("returns at most the limit, each note once", () => {
			const fused = fuseRankings(keyword("A.md", "B.md", "C.md"), vector("C.md", "B.md", "D.md", "E.md"), 1, 3, params);
			expect(fused).toHaveLength(3);
			expect(new Set(paths(fused)).size).toBe(3);
		});
	},
);
