import type { FolderRole } from "./folderRole";

/**
 * The folder names that say a role, in English and Chinese (simplified and traditional) and the
 * common Japanese ones. An exact name (`Inbox`, `收件箱`) is a strong sign; a near name (`00
 * Inbox 📥`, `Daily notes`, `Zettelkasten`) a weaker one. Names are compared folded (see `foldName`).
 */
const EXACT_NAMES: Readonly<Record<FolderRole, readonly string[]>> = {
	inbox: ["inbox", "收件箱", "收集箱", "待整理", "受信箱", "インボックス"],
	notes: ["notes", "note", "笔记", "筆記", "ノート", "メモ"],
	projects: ["projects", "project", "项目", "項目", "专案", "專案", "プロジェクト"],
	journal: [
		"journal",
		"journals",
		"daily",
		"dailies",
		"daily notes",
		"diary",
		"日记",
		"日記",
		"日志",
		"日誌",
		"每日笔记",
	],
	archive: ["archive", "archives", "archived", "归档", "歸檔", "存档", "存檔", "アーカイブ"],
	templates: ["templates", "template", "模板", "模版", "範本", "テンプレート"],
	resources: [
		"resources",
		"resource",
		"references",
		"reference",
		"资源",
		"資源",
		"资料",
		"資料",
		"参考",
		"參考",
		"参考资料",
		"リソース",
	],
	memory: ["memory", "记忆", "記憶"],
};

/** Other words for a role, and words that a longer name may contain. */
const NEAR_NAMES: Readonly<Record<FolderRole, readonly string[]>> = {
	inbox: [
		"capture",
		"captures",
		"fleeting",
		"unsorted",
		"to sort",
		"incoming",
		"收集",
		"速记",
		"临时",
		"草稿",
		"drafts",
	],
	notes: [
		"zettelkasten",
		"slipbox",
		"slip box",
		"permanent",
		"evergreen",
		"knowledge",
		"wiki",
		"cards",
		"卡片",
		"知识",
		"知识库",
		"笔记本",
	],
	projects: ["areas", "area", "work", "领域", "工作", "任务"],
	journal: ["periodic", "periodic notes", "log", "logs", "calendar", "weekly", "周记", "日程", "每日", "随笔"],
	archive: ["old", "attic", "past", "backup", "旧", "過去", "历史", "已完成"],
	templates: ["tpl", "templater", "snippets"],
	resources: [
		"assets",
		"attachments",
		"attachment",
		"media",
		"files",
		"library",
		"reading",
		"附件",
		"素材",
		"书库",
		"阅读",
		"图片",
	],
	memory: ["memories", "assistant", "记忆库"],
};

export interface NameMatch {
	readonly role: FolderRole;
	readonly kind: "exact" | "near";
	/** The known name it matched, as written in the table. */
	readonly matched: string;
}

/**
 * A folder name folded for comparison: NFKC (full-width letters), lower case, numbering and
 * emoji at either end left out (`00 Inbox 📥`, `1. Projects`), punctuation as spaces.
 */
export function foldName(name: string): string {
	return name
		.normalize("NFKC")
		.toLowerCase()
		.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, " ")
		.replace(/[_\-.·・、，,()[\]{}【】「」#@+&]/gu, " ")
		.replace(/^[\s\d]+(?=\p{L})|[\s\d]+$/gu, "")
		.replace(/\s+/g, " ")
		.trim();
}

/** How `name` (one folder's own name, not its path) says a role: exactly, nearly, or `null`. */
export function matchFolderName(name: string): NameMatch | null {
	const plain = name.normalize("NFKC").toLowerCase().trim();
	const folded = foldName(name);
	for (const [role, names] of entries(EXACT_NAMES)) {
		const exact = names.find((known) => known === plain);
		if (exact !== undefined) return { role, kind: "exact", matched: exact };
	}
	for (const [role, names] of entries(EXACT_NAMES)) {
		const near = names.find((known) => known === folded || containsWord(folded, known) || isTypoOf(folded, known));
		if (near !== undefined) return { role, kind: "near", matched: near };
	}
	for (const [role, names] of entries(NEAR_NAMES)) {
		const near = names.find((known) => known === folded || containsWord(folded, known));
		if (near !== undefined) return { role, kind: "near", matched: near };
	}
	return null;
}

/** Whether `word` is a role's name: for a tag (`#project`) or a frontmatter `type:` as much as for a folder. */
export function roleOfWord(word: string): FolderRole | null {
	return matchFolderName(word)?.role ?? null;
}

function entries(table: Readonly<Record<FolderRole, readonly string[]>>): [FolderRole, readonly string[]][] {
	return Object.entries(table) as [FolderRole, readonly string[]][];
}

/**
 * Whether `known` stands in `folded` as a word of its own: between spaces for letters that use
 * them, anywhere for Chinese and Japanese, which write words without spaces.
 */
function containsWord(folded: string, known: string): boolean {
	if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u.test(known))
		return known.length >= 2 && folded.includes(known);
	return ` ${folded} `.includes(` ${known} `);
}

/** One letter added, dropped or changed in a Latin name of five letters or more (`Inbx`, `Projcts`). */
function isTypoOf(folded: string, known: string): boolean {
	if (known.length < 5 || !/^[a-z ]+$/.test(known) || Math.abs(folded.length - known.length) > 1) return false;
	let i = 0;
	let j = 0;
	let edits = 0;
	while (i < folded.length && j < known.length) {
		if (folded[i] === known[j]) {
			i++;
			j++;
			continue;
		}
		if (++edits > 1) return false;
		if (folded.length > known.length) i++;
		else if (folded.length < known.length) j++;
		else {
			i++;
			j++;
		}
	}
	return edits + (folded.length - i) + (known.length - j) <= 1;
}
