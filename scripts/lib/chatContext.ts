import { assembleContext, FRESH_CONVERSATION, isHistoryQuestion, type NoteText, type WeeklySummary } from "../../src/core/agent/context";
import type { PrepareRequest } from "../../src/core/agent/loop";
import type { ToolDefinition } from "../../src/core/agent/model";
import type { MemoryToolDeps } from "../../src/core/agent/tools";
import { resolveNotePath } from "../../src/core/agent/tools/notePath";
import { isDailyDate } from "../../src/core/memory/dailyDates";
import { weeklyPages } from "../../src/core/memory/historyBook";
import { baseName, parentFolder } from "../../src/core/vault/paths";
import type { HeadlessWorkspace } from "./headless";

/** Claude's context window; the assembly compacts a long conversation to stay within it. */
const CONTEXT_WINDOW_TOKENS = 200_000;

const MENTION = /\[\[([^\]]+)\]\]/g;

/**
 * The request of a headless chat turn: the vault's files read as the context assembly needs
 * them, each through the read guard (`resolveNotePath`) so that a private note never reaches the
 * prompt, assembled by `assembleContext`, with `tools` offered.
 */
export function headlessPrepareRequest(headless: HeadlessWorkspace, deps: MemoryToolDeps, tools: readonly ToolDefinition[]): PrepareRequest {
	const readable = (path: string) => {
		const access = resolveNotePath(path, deps);
		return access.kind === "allowed" ? access.path : null;
	};
	const read = async (path: string | null): Promise<NoteText | null> => {
		const allowed = path === null ? null : readable(path);
		return allowed === null ? null : { path: allowed, text: await deps.store.read(allowed) };
	};
	return async (conversation, userMessage) => {
		const files = headless.workspace.identityFiles();
		const mentions: NoteText[] = [];
		for (const [, link] of userMessage.matchAll(MENTION)) {
			const note = await read(link);
			if (note !== null) mentions.push(note);
		}
		// Read only for a question about the past, as the assembly asks.
		const weeklySummaries: WeeklySummary[] = [];
		for (const page of isHistoryQuestion(userMessage) ? weeklyPages(deps.store, deps.layout) : []) {
			const note = await read(page.path);
			if (note !== null) weeklySummaries.push({ ...note, week: page.period });
		}
		const { system, messages } = assembleContext({
			clock: headless.clock,
			identity: { soul: await read(files.soul), user: await read(files.user), rules: await read(files.rules) },
			longTermMemory: await read(files.memory),
			dailyNotes: deps.store
				.listFiles()
				.filter((file) => parentFolder(file.path) === deps.layout.dailyFolder && isDailyDate(baseName(file.path)) && readable(file.path) !== null)
				.map((file) => ({ date: baseName(file.path), path: file.path })),
			notes: { currentNote: null, mentions },
			weeklySummaries,
			history: conversation,
			conversation: FRESH_CONVERSATION,
			userMessage,
			contextWindowTokens: CONTEXT_WINDOW_TOKENS,
		});
		return { system, messages, tools };
	};
}
