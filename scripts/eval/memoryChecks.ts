import type { RetrievalIndex, SearchOptions, SkipReason } from "../../src/core/retrieval";
import { noteInputOf } from "../lib/retrievalBench/corpus";
import { MEMORY_NOW, PRIVATE_PATHS } from "./memoryWorkspace";

export interface CheckResult {
	readonly check: string;
	readonly passed: boolean;
	/** What was found, to see why a check failed. */
	readonly detail: string;
}

type Outcome = Omit<CheckResult, "check">;
type Search = (query: string, options?: Partial<SearchOptions>) => string[];

/** Each check is one rule of the memory workspace, asked of a fresh index of the assistant vault. */
interface MemoryCheck {
	readonly check: string;
	run(search: Search, index: RetrievalIndex): Outcome;
}

const PRIVACY_QUERIES = ["surprise party", "Dana", "salary negotiation", "blood test results", "secret diary", "Friday", "snippets notes"];

const CHECKS: readonly MemoryCheck[] = [
	newerAbove("newer fact above older (en): meeting moved to Thursday", "team meeting day", "memory/daily/2026-03-09.md", "memory/daily/2026-01-12.md"),
	newerAbove("newer fact above older (zh): 数据库改用 PostgreSQL", "项目 数据库", "memory/daily/2026-03-01.md", "memory/daily/2025-12-01.md"),
	newerAbove("newer fact above older (ja): 予約を金曜日に変更", "歯医者の予約", "memory/daily/2026-03-10.md", "memory/daily/2026-02-01.md"),
	{
		check: "a months-old only answer is not buried under undated title matches",
		run: (search) => first(search("passport renewal consulate"), "memory/daily/2025-10-02.md"),
	},
	{
		check: "tag filter: nested prefix, case- and #-insensitive",
		run: (search) => sameSet(search("budget", { tags: ["#PROJECT"] }), ["Projects/Atlas.md", "Projects/Hermes.md"]),
	},
	{
		check: "tag filter applies before the limit",
		run: (search) => sameSet(search("budget", { tags: ["project"], limit: 1 }), ["Projects/Atlas.md"], ["Projects/Hermes.md"]),
	},
	{
		check: "#tag in the query acts as a tag filter",
		run: (search) => sameSet(search("#project/atlas budget"), ["Projects/Atlas.md"]),
	},
	{
		check: "kind filter: daily only",
		run: (search) => {
			const found = search("meeting budget passport", { kind: "daily" });
			return { passed: found.length > 0 && found.every((path) => path.startsWith("memory/daily/")), detail: found.join(", ") };
		},
	},
	{
		check: "a word once in a long body is found",
		run: (search) => first(search("quokka"), "Notes/Reading list.md"),
	},
	{
		check: "privacy: no private, excluded, chat, audit or config note in any result",
		run: (search) => {
			const leaked = PRIVACY_QUERIES.flatMap((query) => search(query, { limit: 20 })).filter((path) => path in PRIVATE_PATHS);
			const publicFound = search("surprise party").includes("Notes/Party planning.md");
			return { passed: leaked.length === 0 && publicFound, detail: leaked.length > 0 ? `leaked: ${[...new Set(leaked)].map(withRule).join("; ")}` : `public note found: ${publicFound}` };
		},
	},
	{
		check: "privacy: filter-only searches return no excluded note",
		run: (search) => {
			const leaked = [search("", { tags: ["secret"] }), search("#secret"), search("", { folder: "Private" }), search("", { folder: "chats" })].flat();
			return { passed: leaked.length === 0, detail: leaked.length > 0 ? `leaked: ${leaked.map(withRule).join("; ")}` : "nothing returned" };
		},
	},
	{
		check: "privacy: every excluded file is counted under its reason",
		run: (_search, index) => {
			const { skippedBy } = index.stats();
			const expected: Partial<Record<SkipReason, number>> = { private: 1, "excluded-folder": 1, "excluded-tag": 1, "assistant-internal": 2, "config-folder": 1 };
			const wrong = Object.entries(expected).filter(([reason, count]) => skippedBy[reason as SkipReason] !== count);
			return { passed: wrong.length === 0, detail: Object.entries(skippedBy).filter(([, count]) => count > 0).map(([reason, count]) => `${reason} ${count}`).join(", ") };
		},
	},
	{
		check: "privacy: a note marked private after indexing disappears",
		run: (search, index) => {
			const path = "Notes/Party planning.md";
			index.upsert(noteInputOf({ path, content: "---\nassistant: private\n---\nIdeas for a surprise party venue.\n" }, Date.UTC(2026, 2, 14)));
			const found = search("surprise party venue");
			return { passed: !found.includes(path), detail: found.join(", ") || "nothing returned" };
		},
	},
];

/** Runs every check, each on a fresh index (some change it), searching at the workspace's fixed "now". */
export function runMemoryChecks(freshIndex: () => RetrievalIndex): CheckResult[] {
	return CHECKS.map(({ check, run }) => {
		const index = freshIndex();
		const search: Search = (query, options = {}) => index.search(query, { now: MEMORY_NOW, limit: 10, ...options }).map((hit) => hit.path);
		return { check, ...run(search, index) };
	});
}

function newerAbove(check: string, query: string, newer: string, older: string): MemoryCheck {
	return {
		check,
		run: (search) => {
			const found = search(query);
			const newerRank = found.indexOf(newer);
			const olderRank = found.indexOf(older);
			return { passed: newerRank !== -1 && (olderRank === -1 || newerRank < olderRank), detail: ranks(found) };
		},
	};
}

function first(found: readonly string[], expected: string): Outcome {
	return { passed: found[0] === expected, detail: ranks(found) };
}

/** Whether `found` is exactly `expected`, or (with alternatives) exactly one of them. */
function sameSet(found: readonly string[], expected: readonly string[], ...alternatives: (readonly string[])[]): Outcome {
	const matches = (wanted: readonly string[]) => found.length === wanted.length && wanted.every((path) => found.includes(path));
	return { passed: [expected, ...alternatives].some(matches), detail: ranks(found) };
}

function ranks(found: readonly string[]): string {
	return found.length === 0 ? "nothing returned" : found.slice(0, 5).map((path, rank) => `${rank + 1}. ${path}`).join("  ");
}

function withRule(path: string): string {
	return `${path} (${PRIVATE_PATHS[path]})`;
}
