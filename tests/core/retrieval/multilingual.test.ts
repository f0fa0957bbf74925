import { indexOfVault, NOW, searchPaths } from "./vaultFixtures";

const vault = {
	"en/Graph view.md": "# Graph view\nThe graph view shows your notes as nodes and the links between them as edges.",
	"en/Daily notes.md": "# Daily notes\nThe daily notes plugin opens a note for each day, named by its date.",
	"en/Search.md": "# Search\nSearch finds text across the vault with operators and regular expressions.",
	"zh/关系图谱.md": "# 关系图谱\n关系图谱以节点展示你的笔记，以连线展示笔记之间的链接。",
	"zh/日记.md": "# 日记\n日记插件会按照日期为每一天创建一篇新的笔记。",
	"zh/搜索.md": "# 搜索\n搜索功能可以在整个仓库中查找文本，支持正则表达式。",
	"ja/グラフビュー.md": "# グラフビュー\nグラフビューはノート同士のリンクを視覚的に表示します。",
	"ja/デイリーノート.md": "# デイリーノート\nデイリーノートは日付ごとに新しいノートを作成します。",
	"ja/検索.md": "# 検索\n検索機能を使うと、保管庫全体からテキストを探せます。",
};

describe("multilingual retrieval", () => {
	const index = indexOfVault(vault);

	it.each([
		["图谱", "zh/关系图谱.md"],
		["如何为每一天创建笔记", "zh/日记.md"],
		["正则表达式", "zh/搜索.md"],
		["在仓库中查找文本", "zh/搜索.md"],
	])("answers the Chinese query %s", (query, expected) => {
		expect(searchPaths(index, query)[0]).toBe(expected);
	});

	it.each([
		["グラフビュー", "ja/グラフビュー.md"],
		["リンクを表示する方法", "ja/グラフビュー.md"],
		["日付ごとにノートを作成", "ja/デイリーノート.md"],
		["テキストを探す", "ja/検索.md"],
	])("answers the Japanese query %s", (query, expected) => {
		expect(searchPaths(index, query)[0]).toBe(expected);
	});

	it("answers a mixed query", () => {
		expect(searchPaths(index, "graph view 图谱")).toEqual(
			expect.arrayContaining(["en/Graph view.md", "zh/关系图谱.md"]),
		);
	});

	it.each([
		["dialy notes", "en/Daily notes.md"],
		["grpah view", "en/Graph view.md"],
		["serach operators", "en/Search.md"],
		["reguler expresions", "en/Search.md"],
	])("finds the note despite the typo in %s", (query, expected) => {
		expect(searchPaths(index, query)[0]).toBe(expected);
	});

	it("reports the corrected term as the match, for highlighting", () => {
		const [hit] = index.search("dialy", { now: NOW });
		expect(hit.matchedTerms).toEqual(["daily"]);
	});

	it("does not correct a word into something unrelated", () => {
		expect(searchPaths(index, "xylophone")).toEqual([]);
	});
});

describe("Chinese typos", () => {
	const index = indexOfVault({
		"插件/反向链接.md": "# 反向链接\n反向链接面板显示链接到当前笔记的所有笔记。",
		"链接/内部链接.md": "# 内部链接\n内部链接指向仓库中的笔记，反向链接会显示在另一侧。",
		"其他/笔记.md": "# 笔记\n反正写下来就好。正链是一种旧的叫法。",
	});

	it("reads a character an input method swapped for a homophone as the one meant", () => {
		const [hit] = index.search("反响链接在哪里看", { now: NOW });
		expect(hit.path).toBe("插件/反向链接.md");
		expect(hit.matchedTerms).toEqual(expect.arrayContaining(["反向", "向链"]));
	});

	it("does not take two bigrams that only happen to exist, in notes apart, for a correction", () => {
		// 反正 and 正条 are both in the vault, but never in the same note: 反响条 is not read as 反正条.
		const apart = indexOfVault({ "a.md": "反正写下来就好。", "b.md": "正条是一种旧的叫法。" });
		expect(apart.search("反响条", { now: NOW })).toEqual([]);
	});
});
