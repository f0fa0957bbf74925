const english = [
	"graph view",
	"daily notes template",
	"sync conflict resolution",
	"publish custom domain",
	"canvas cards",
	"keyboard shortcuts",
	"community plugins security",
	"embed files",
	"callouts",
	"backlinks",
	"web clipper",
	"bases formulas",
	"dataview query",
	"vim mode",
	"dialy notes", // typo
	"grpah view", // typo
];
const chinese = [
	"关系图谱",
	"日记",
	"同步 设置",
	"模板",
	"快捷键",
	"第三方插件",
	"嵌入 文件",
	"发布 网站",
	"属性",
	"白板",
	"标签 搜索",
];
const japanese = [
	"グラフビュー",
	"デイリーノート",
	"同期",
	"テンプレート",
	"ホットキー",
	"コミュニティプラグイン",
	"バックリンク",
	"埋め込み",
	"プロパティ",
	"ワークスペース",
	"添付ファイル",
];
const mixed = [
	"Obsidian Sync 同步",
	"Canvas キャンバス",
	"graph 关系图谱",
	"plugin 插件 プラグイン",
	"Markdown 格式",
	"Publish 公開",
];

/**
 * The fixed query set: 44 queries in English (two with typos), Chinese, Japanese and a mix,
 * interleaved by language, so that an engine that can only afford the first few still answers
 * some of each.
 */
export const BENCH_QUERIES: readonly string[] = interleave([english, chinese, japanese, mixed]);

function interleave<T>(lists: readonly (readonly T[])[]): T[] {
	const result: T[] = [];
	for (let i = 0; i < Math.max(...lists.map((list) => list.length)); i++) {
		for (const list of lists) if (i < list.length) result.push(list[i]);
	}
	return result;
}
