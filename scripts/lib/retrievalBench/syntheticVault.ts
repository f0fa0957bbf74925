import { baseName, parentFolder } from "../../../src/core/vault/paths";
import {
	HELP_LANGUAGES,
	helpVaultDir,
	hubVaultDir,
	readMarkdownFolder,
	type HelpLanguage,
	type VaultFile,
} from "./corpus";
import { isCodeFence, joinNote, splitNote, type NoteParts } from "./markdownBlocks";
import { SeededRandom } from "./seededRandom";

/** A real note to derive synthetic ones from. */
interface SourceNote {
	readonly title: string;
	/** The last segment of its folder, reused as a subfolder name. */
	readonly folder: string;
	readonly parts: NoteParts;
	/** Blocks fit to lend to another note: prose, not headings or code. */
	readonly prose: readonly string[];
}

export type SourcePool = Readonly<Record<HelpLanguage, readonly SourceNote[]>>;

/** The latest daily note of every synthetic vault: the benchmark's "now" is this day. */
export const LAST_DAILY_DAY = "2026-06-30";
const DAILY_SPAN_DAYS = 730;
const DAILY_SHARE = 0.1;
/** Mostly English (the hub is), with enough Chinese and Japanese for CJK to weigh in the index. */
const LANGUAGE_SHARES: readonly [HelpLanguage, number][] = [
	["en", 0.6],
	["zh", 0.2],
	["ja", 0.2],
];
const ROOT_FOLDERS = [
	"Projects",
	"Areas",
	"Resources",
	"Archive",
	"Reading",
	"Meetings",
	"项目",
	"学习笔记",
	"資料",
	"メモ",
];
const TITLE_MODIFIERS = [
	"notes",
	"draft",
	"review",
	"summary",
	"v2",
	"ideas",
	"2025",
	"笔记",
	"总结",
	"メモ",
	"まとめ",
];
const TAGS = ["project/atlas", "project/hermes", "area/health", "reading", "meeting", "idea", "日记", "学习", "メモ"];
const DAY_MS = 86_400_000;

/** The shared real vaults as sources: English from the hub and the English help, CJK from the help. */
export function loadSourcePool(): SourcePool {
	return sourcePoolOf({
		en: [...readMarkdownFolder(hubVaultDir()), ...readMarkdownFolder(helpVaultDir("en"))],
		zh: readMarkdownFolder(helpVaultDir("zh")),
		ja: readMarkdownFolder(helpVaultDir("ja")),
	});
}

export function sourcePoolOf(files: Readonly<Record<HelpLanguage, readonly VaultFile[]>>): SourcePool {
	return { en: files.en.map(sourceOf), zh: files.zh.map(sourceOf), ja: files.ja.map(sourceOf) };
}

function sourceOf(file: VaultFile): SourceNote {
	const parts = splitNote(file.content);
	const prose = parts.blocks.filter((block) => !isCodeFence(block) && !block.startsWith("#") && block.length > 20);
	return { title: baseName(file.path), folder: baseName(parentFolder(file.path)), parts, prose };
}

/**
 * A vault of `size` notes, the same for the same seed: one in ten a daily note
 * (`memory/daily/YYYY-MM-DD.md`, spread over the two years up to `LAST_DAILY_DAY`, several a day
 * with a suffix when there are more than days), the others real notes mutated: paragraphs
 * shuffled, words swapped, renamed, moved to other folders, some tagged, some with paragraphs of
 * another language mixed in.
 */
export function syntheticVault(pool: SourcePool, size: number, seed: number): VaultFile[] {
	const random = new SeededRandom(seed);
	const dailyCount = Math.round(size * DAILY_SHARE);
	const taken = new Set<string>();
	const files: VaultFile[] = [];
	for (let i = 0; i < dailyCount; i++) files.push(dailyNote(pool, random, i, dailyCount, taken));
	while (files.length < size) files.push(mutatedNote(pool, random, taken));
	return files;
}

function dailyNote(
	pool: SourcePool,
	random: SeededRandom,
	index: number,
	count: number,
	taken: Set<string>,
): VaultFile {
	const lastDay = Date.parse(`${LAST_DAILY_DAY}T00:00:00Z`);
	const daysBack = DAILY_SPAN_DAYS - 1 - Math.floor((index * DAILY_SPAN_DAYS) / count);
	const date = new Date(lastDay - daysBack * DAY_MS).toISOString().slice(0, 10);
	const blocks = [`# ${date}`];
	const paragraphs = 2 + random.below(4);
	for (let i = 0; i < paragraphs; i++) {
		const source = random.pick(pool[languageOf(random)]);
		if (source.prose.length > 0) blocks.push(random.pick(source.prose));
	}
	if (random.chance(0.5)) blocks.push(`- [ ] follow up on ${random.pick(pool.en).title}`);
	return { path: uniquePath(`memory/daily/${date}`, taken), content: joinNote("", blocks) };
}

function mutatedNote(pool: SourcePool, random: SeededRandom, taken: Set<string>): VaultFile {
	const lang = languageOf(random);
	const source = random.pick(pool[lang]);
	const blocks = random
		.shuffled(source.parts.blocks)
		.map((block) => (random.chance(0.3) ? swapWords(block, random) : block));
	if (random.chance(0.3)) {
		const other = random.pick(pool[random.pick(HELP_LANGUAGES.filter((candidate) => candidate !== lang))]);
		for (let i = 1 + random.below(3); i > 0 && other.prose.length > 0; i--) blocks.push(random.pick(other.prose));
	}
	const tagged = source.parts.frontmatter === "" && random.chance(0.25);
	const frontmatter = tagged
		? `---\ntags: [${random.pick(TAGS)}, ${random.pick(TAGS)}]\n---\n`
		: source.parts.frontmatter;
	const title = random.chance(0.7) ? `${source.title} ${random.pick(TITLE_MODIFIERS)}` : source.title;
	return { path: uniquePath(`${folderFor(source, random)}/${title}`, taken), content: joinNote(frontmatter, blocks) };
}

function languageOf(random: SeededRandom): HelpLanguage {
	let roll = random.next();
	for (const [lang, share] of LANGUAGE_SHARES) {
		if ((roll -= share) < 0) return lang;
	}
	return "en";
}

/** One to three levels: a common root, sometimes the source's own folder, sometimes a numbered area. */
function folderFor(source: SourceNote, random: SeededRandom): string {
	const segments = [random.pick(ROOT_FOLDERS)];
	if (source.folder !== "" && random.chance(0.5)) segments.push(source.folder);
	if (random.chance(0.3)) segments.push(`Area ${random.below(20)}`);
	return segments.join("/");
}

/** Swaps a pair of neighbouring words, or of sentences in CJK text (which has few spaces). */
function swapWords(block: string, random: SeededRandom): string {
	if (isCodeFence(block)) return block;
	const words = block.split(" ");
	const units = words.length >= 4 ? words : block.split(/(?<=[。！？])/);
	if (units.length < 2) return block;
	const at = random.below(units.length - 1);
	[units[at], units[at + 1]] = [units[at + 1], units[at]];
	return units.join(words.length >= 4 ? " " : "");
}

function uniquePath(stem: string, taken: Set<string>): string {
	let path = `${stem}.md`;
	for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${stem} ${n}.md`;
	taken.add(path.toLowerCase());
	return path;
}
