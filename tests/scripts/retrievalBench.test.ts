import { noteInputOf } from "../../scripts/lib/retrievalBench/corpus";
import { createEngine } from "../../scripts/lib/retrievalBench/engines/engineRegistry";
import { ENGINE_NAMES } from "../../scripts/lib/retrievalBench/engines/searchEngine";
import { percentile } from "../../scripts/lib/retrievalBench/statistics";
import { sourcePoolOf, syntheticVault } from "../../scripts/lib/retrievalBench/syntheticVault";
import { runMemoryChecks } from "../../scripts/eval/memoryChecks";
import { memoryIndex } from "../../scripts/eval/memoryWorkspace";
import { hitAt, recallAt, reciprocalRank } from "../../scripts/eval/metrics";
import { ADAPTER_NOW as NOW, ADAPTER_MTIME as MTIME, ADAPTER_VAULT as VAULT } from "./engineAdapterVault";

describe("retrieval evaluation metrics", () => {
	const ranking = ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md"];

	it("recall@k is the share of relevant notes in the top k", () => {
		expect(recallAt(ranking, ["b.md", "f.md"], 5)).toBe(0.5);
		expect(recallAt(ranking, ["a.md", "e.md"], 5)).toBe(1);
		expect(recallAt(ranking, ["z.md"], 5)).toBe(0);
	});

	it("hit@k counts a query once any relevant note is in the top k", () => {
		expect(hitAt(ranking, ["e.md", "z.md"], 5)).toBe(1);
		expect(hitAt(ranking, ["f.md"], 5)).toBe(0);
	});

	it("reciprocal rank is 1 over the first relevant note's rank, within the cutoff", () => {
		expect(reciprocalRank(ranking, ["c.md", "a.md"], 10)).toBe(1);
		expect(reciprocalRank(ranking, ["d.md"], 10)).toBe(0.25);
		expect(reciprocalRank(ranking, ["f.md"], 5)).toBe(0);
	});

	it("percentiles use the nearest rank", () => {
		const samples = Array.from({ length: 100 }, (_, index) => 100 - index);
		expect(percentile(samples, 50)).toBe(50);
		expect(percentile(samples, 95)).toBe(95);
		expect(percentile([7], 95)).toBe(7);
	});
});

/** FTS5 is an ES module with WebAssembly, which jest cannot import: `fts5Engine.test.ts` drives it under tsx. */
const IN_PROCESS_ENGINES = ENGINE_NAMES.filter((name) => name !== "fts5");

describe.each(IN_PROCESS_ENGINES)("the %s engine adapter", (name) => {
	it("finds a note by its exact title, in any language", () => {
		const engine = createEngine(name, { now: NOW });
		engine.build(VAULT);
		for (const title of ["Kubernetes cluster upgrade", "旅行计划", "引っ越しの準備"]) {
			expect(engine.search(title, 5)[0]).toBe(`Notes/${title}.md`);
		}
	});

	it("follows an update, and a restart with a note changed meanwhile", () => {
		const engine = createEngine(name, { now: NOW });
		engine.build(VAULT);
		const stored = engine.save();
		const edited = noteInputOf({ path: VAULT[3].path, content: "Feed the starter with rye flour.\n" }, MTIME + 1);
		engine.update(edited);
		expect(engine.search("rye flour", 5)[0]).toBe(edited.path);
		const restarted = createEngine(name, { now: NOW });
		restarted.restore(
			stored,
			VAULT.map((note) => (note.path === edited.path ? edited : note)),
		);
		expect(restarted.search("rye flour", 5)[0]).toBe(edited.path);
	});
});

describe("the synthetic benchmark vaults", () => {
	const pool = sourcePoolOf({
		en: [
			{
				path: "Guides/Graph view.md",
				content: "# Graph view\n\nThe graph shows links.\n\nZoom with the wheel to see more.\n",
			},
		],
		zh: [{ path: "插件/关系图谱.md", content: "# 关系图谱\n\n关系图谱显示笔记之间的链接。\n" }],
		ja: [{ path: "プラグイン/グラフビュー.md", content: "# グラフビュー\n\nノート間のリンクを表示します。\n" }],
	});

	it("are the same for the same seed, with unique paths and dated daily notes", () => {
		const vault = syntheticVault(pool, 200, 7);
		expect(syntheticVault(pool, 200, 7)).toEqual(vault);
		expect(syntheticVault(pool, 200, 8)).not.toEqual(vault);
		expect(new Set(vault.map((file) => file.path.toLowerCase())).size).toBe(200);
		const daily = vault.filter((file) => file.path.startsWith("memory/daily/"));
		expect(daily).toHaveLength(20);
		expect(daily.every((file) => /^memory\/daily\/\d{4}-\d{2}-\d{2}( \d+)?\.md$/.test(file.path))).toBe(true);
	});
});

describe("the memory-workspace evaluation", () => {
	it("passes every check with the default ranking", () => {
		expect(runMemoryChecks(() => memoryIndex()).filter((result) => !result.passed)).toEqual([]);
	});
});
