import { indexPolicyFor, RetrievalIndex, type IndexPolicy, type RankingParams } from "../../src/core/retrieval";
import { layoutFor } from "../../src/core/workspace/layout";
import { noteInputOf } from "../lib/retrievalBench/corpus";

/** "Today" in the assistant vault: the day after its latest daily note. */
export const MEMORY_NOW = new Date("2026-03-15T12:00:00Z");
const MTIME = Date.UTC(2026, 2, 1);

/** The assistant's layout at the vault root, a folder and a tag excluded, the audit log kept in the vault. */
export const MEMORY_POLICY: IndexPolicy = indexPolicyFor(layoutFor(""), {
	configDir: ".obsidian",
	excludedFolders: ["Private"],
	excludedTags: ["secret"],
	auditLogPath: "assistant-audit.md",
});

/** Everything that must never come back from a search, by the rule that keeps it out. */
export const PRIVATE_PATHS: Readonly<Record<string, string>> = {
	"Notes/Diary.md": "frontmatter assistant: private",
	"Private/Salary.md": "excluded folder",
	"Notes/Health.md": "excluded tag (nested: secret/medical)",
	"chats/2026-03-14 chat.md": "chat transcript",
	"assistant-audit.md": "audit log",
	".obsidian/snippets/notes.md": "config folder",
};

/**
 * A small assistant vault: facts that change over time in daily notes (in English, Chinese and
 * Japanese), an old daily note that is the only good answer to its question, tagged projects,
 * and private notes of every kind next to public ones that share their words.
 */
export const MEMORY_VAULT: Readonly<Record<string, string>> = {
	"memory.md": "# Long-term memory\n\n- Prefers concise answers.\n- Works on the Atlas and Hermes projects.\n",
	"memory/daily/2026-01-12.md": "# 2026-01-12\n\nThe team meeting is on Tuesday at 10am.\n",
	"memory/daily/2026-03-09.md": "# 2026-03-09\n\nUpdate: the team meeting moved to Thursday at 10am.\n",
	"memory/daily/2025-12-01.md": "# 2025-12-01\n\n项目的数据库选择了 MySQL。\n",
	"memory/daily/2026-03-01.md": "# 2026-03-01\n\n项目的数据库改用 PostgreSQL。\n",
	"memory/daily/2026-02-01.md": "# 2026-02-01\n\n歯医者の予約は月曜日です。\n",
	"memory/daily/2026-03-10.md": "# 2026-03-10\n\n歯医者の予約を金曜日に変更しました。\n",
	"memory/daily/2025-10-02.md": "# 2025-10-02\n\nRenewed my passport at the consulate; the renewal took two weeks.\n",
	"memory/daily/2026-03-14.md": "# 2026-03-14\n\nBought groceries. Called the plumber about the kitchen sink.\n",
	"Notes/Passport.md": "A board game we played last winter: fun but long.\n",
	"Notes/Consulate.md": "Directions to the old town square and its cafés.\n",
	"Projects/Atlas.md": "---\ntags: [project/atlas]\n---\n# Atlas\n\nBudget review for Atlas next month.\n",
	"Projects/Hermes.md": "---\ntags: [Project/Hermes]\n---\n# Hermes\n\nThe Hermes budget is approved.\n",
	"Notes/Household.md": "---\ntags: [home]\n---\nHousehold budget: rent, food, budget for travel.\n",
	"Notes/Budget ideas.md": "Budget budget budget: ideas for a budget spreadsheet.\n",
	"Notes/Party planning.md": "Ideas for a surprise party venue; ask Dana about the guest list.\n",
	"Notes/Reading list.md": `# Reading list\n\n${"A long list of books about gardening, cooking and travel. ".repeat(40)}\nAlso: the quokka book.\n`,
	"Notes/Diary.md": "---\nassistant: private\n---\nSecret diary: the surprise party for Dana is on Friday.\n",
	"Private/Salary.md": "Salary negotiation: target 120k, surprise bonus for Dana.\n",
	"Notes/Health.md": "Blood test results are fine. Surprise: Dana's party is Friday. #secret/medical\n",
	"chats/2026-03-14 chat.md": "User: when is the surprise party for Dana? Assistant: Friday.\n",
	"assistant-audit.md": "2026-03-14 modified Notes/Diary.md (surprise party for Dana)\n",
	".obsidian/snippets/notes.md": "Surprise party for Dana, salary notes.\n",
};

/** The vault indexed under the memory policy; every file is offered, the policy decides. */
export function memoryIndex(ranking: Partial<RankingParams> = {}): RetrievalIndex {
	const index = new RetrievalIndex(MEMORY_POLICY, { ranking });
	for (const [path, content] of Object.entries(MEMORY_VAULT)) index.upsert(noteInputOf({ path, content }, MTIME));
	return index;
}
