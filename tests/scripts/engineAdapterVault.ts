import { noteInputOf } from "../../scripts/lib/retrievalBench/corpus";

/** A small vault every engine adapter is checked on. */
export const ADAPTER_NOW = new Date("2026-03-15T12:00:00Z");
export const ADAPTER_MTIME = Date.UTC(2026, 0, 1);

const TITLES = [
	"Quarterly budget review",
	"Garden planting calendar",
	"Kubernetes cluster upgrade",
	"Sourdough starter feeding",
	"Marathon training plan",
	"Tax return checklist",
	"Piano practice log",
	"Home network setup",
	"Book club picks",
	"Car maintenance schedule",
	"Wedding guest list",
	"Podcast episode ideas",
	"关系图谱",
	"同步设置",
	"读书笔记",
	"旅行计划",
	"グラフビュー",
	"デイリーノート",
	"引っ越しの準備",
	"料理のレシピ",
];
/** Twenty notes whose bodies share filler words, so that only the title tells them apart. */
export const ADAPTER_VAULT = TITLES.map((title, index) =>
	noteInputOf(
		{
			path: `Notes/${title}.md`,
			content: `Some notes written on day ${index}. Nothing else to see here; 笔记 ノート.\n`,
		},
		ADAPTER_MTIME,
	),
);
