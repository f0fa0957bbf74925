import { mcpActor, type McpActor } from "../audit/record";
import type { ReceiptLog } from "../audit/receiptLog";
import type { AttachmentBlock } from "../model/modelClient";
import { identityLayer } from "../agent/context/identityLayer";
import { hotMemoryLayer } from "../agent/context/hotMemoryLayer";
import type { NoteText } from "../agent/context/noteExcerpt";
import { resumeBlock } from "../agent/context/sessionBlocks";
import { withoutHiddenRefs } from "../agent/session/resumeRefs";
import { readForModel } from "../agent/derivedNotes";
import {
	SERVED_READ_TOOLS,
	SERVED_WRITE_TOOLS,
	type MemoryTool,
	type MemoryToolDeps,
	type ToolEffect,
	type ToolInputSchema,
	type WriteToolDeps,
} from "../agent/tools";
import { resolveNotePath } from "../agent/tools/notePath";
import { boundOutput } from "../agent/tools/outputBound";
import type { DailyTarget } from "../memory/dailyNote";
import type { AuditedWriter } from "../vault/auditedWriter";
import { estimateTokens } from "../text/tokenEstimate";
import { DEFAULT_CONTEXT_BUDGETS } from "../workspace/data/contextBudgets";
import type { Checkpoint } from "../workspace/data/state";
import { findIdentityFiles, type IdentityRole } from "../workspace/identity";
import { CallBudget, MCP_CALL_LIMITS, type CallLimits } from "./callBudget";

/**
 * What the workspace serves an MCP client, over the one tool registry and the privacy view,
 * with no knowledge of the protocol: the host (the Node server, later the plugin's) turns these
 * answers into MCP messages. Every read goes through the view the tools go through, so a note
 * hidden from the chat does not exist for a client either.
 */

/** A tool as a client lists it: the chat's own name, description and JSON schema. */
export interface ServedTool {
	readonly name: string;
	readonly description: string;
	readonly inputSchema: ToolInputSchema;
	/** Whether it only reads; the tools that write only add, so none of them is destructive. */
	readonly readOnly: boolean;
}

/** An answer as text, and whether it is an error the client's model can correct its call from. */
export interface ServedText {
	readonly text: string;
	readonly isError: boolean;
	/** The images and PDFs a tool read (`memory_get` of one), given to the client as they are, after the text. */
	readonly attachments?: readonly AttachmentBlock[];
}

export interface ServedResource {
	readonly uri: string;
	readonly name: string;
	readonly description: string;
	readonly mimeType: "text/markdown";
}

export interface ServedPrompt {
	readonly name: string;
	readonly description: string;
}

export interface McpSurfaceDeps {
	/** The read tools' world: the privacy view, the index built under the same rules, the clock. */
	readonly memory: MemoryToolDeps;
	/** Present only when the user allowed this client to write: the audited writer and today's daily memory. */
	readonly writes?: { readonly writer: AuditedWriter; readonly daily: DailyTarget };
	/** Hot memory's cap, the user's setting. */
	readonly hotMemoryCapTokens: number;
	/** The checkpoint the chat would resume from (the plugin's `state.lastCheckpoint`). */
	readonly lastCheckpoint: () => Checkpoint | null;
	/** Told of each checkpoint a client saves, so that the next `start-session` opens with it. */
	readonly checkpointSaved?: (checkpoint: Checkpoint) => void;
	/**
	 * Brings the host up to date before a request, when it does not follow the vault by itself
	 * (the Node host, which lists the folder and builds its index at start): the private folders
	 * and tags as the user set them since, the notes written since, indexed.
	 */
	readonly catchUp?: () => Promise<void>;
	/** Where each answer's receipt is written (which client, what it asked, which notes it was given): the host's. */
	readonly receipts: ReceiptLog;
}

export interface McpSessionOptions {
	/** The name the client gave (`clientInfo.name`), known once it has connected; not trusted. */
	readonly clientName: () => unknown;
	readonly limits?: CallLimits;
	/**
	 * The host's budget, shared by all its sessions (see `MCP_HOST_LIMITS`): a request counts in
	 * both, so a client cannot escape its budget by opening a new session.
	 */
	readonly hostBudget?: CallBudget;
}

export interface McpSurface {
	/** Who the audit trail says wrote: `mcp:` and the client's sanitized name. */
	actor(): McpActor;
	listTools(): readonly ServedTool[];
	callTool(name: string, input: unknown): Promise<ServedText>;
	listResources(): readonly ServedResource[];
	/** `null` for a URI that names no resource served (nothing is resolved from it). */
	readResource(uri: string): Promise<ServedText | null>;
	listPrompts(): readonly ServedPrompt[];
	/** `null` for a prompt not served. */
	getPrompt(name: string): Promise<ServedText | null>;
}

/**
 * The largest arguments a call may carry, as JSON. Every string a tool takes is bounded by its
 * schema (4,000 characters for a memory entry); 64 KiB is far above any honest call, and a
 * larger one is refused before it is parsed or validated.
 */
export const MAX_ARGUMENTS_CHARS = 64 * 1024;

/** A name the client sent, quoted in an error, cut so that a huge name is not sent back whole. */
const QUOTED_NAME_CHARS = 80;

export const START_SESSION_PROMPT = "start-session";

/** Each resource's URI, for a fixed role: the URI is looked up, never turned into a path. */
const IDENTITY_RESOURCES: readonly { readonly uri: string; readonly role: IdentityRole; readonly name: string }[] = [
	{ uri: "workspace://identity/soul", role: "soul", name: "soul" },
	{ uri: "workspace://identity/user", role: "user", name: "user" },
	{ uri: "workspace://identity/claude", role: "rules", name: "claude" },
];
export const HOT_MEMORY_URI = "workspace://memory/hot";

const ROLE_DESCRIPTIONS: Readonly<Record<string, string>> = {
	soul: "Who the assistant is: its identity file soul.md.",
	user: "Who the user is: the identity file user.md.",
	rules: "The rules the assistant follows: the identity file claude.md (or an adopted AGENTS.md).",
};

export function mcpSurface(deps: McpSurfaceDeps, session: McpSessionOptions): McpSurface {
	const budget = new CallBudget(() => deps.memory.clock.now().getTime(), session.limits ?? MCP_CALL_LIMITS);
	const actor = () => mcpActor(session.clientName());
	const offered: ReadonlyMap<string, MemoryTool<WriteToolDeps>> = new Map<string, MemoryTool<WriteToolDeps>>([
		...SERVED_READ_TOOLS,
		...(deps.writes === undefined ? [] : SERVED_WRITE_TOOLS),
	]);
	const memory = deps.memory;
	const budgets = session.hostBudget === undefined ? [budget] : [budget, session.hostBudget];
	const take = (effect: ToolEffect) => CallBudget.takeAll(budgets, effect);

	const readable = async (path: string | null): Promise<NoteText | null> => {
		if (path === null) return null;
		const access = resolveNotePath(path, memory);
		return access.kind === "allowed" ? { path: access.path, text: await readForModel(memory, access.path) } : null;
	};
	const identityFiles = () => findIdentityFiles(memory.vault, memory.layout);
	const hotMemory = async (): Promise<NoteText | null> => {
		const note = await readable(identityFiles().memory);
		const budgets = { ...DEFAULT_CONTEXT_BUDGETS, hotMemoryTokens: deps.hotMemoryCapTokens };
		const text = hotMemoryLayer(note, budgets).layer.text;
		return note === null || text === null ? null : { path: note.path, text };
	};
	/** The answer, once its receipt is written: to whom, for what, the notes and files it gives, its size. */
	const served = async (feature: string, answer: ServedText, paths: readonly string[]): Promise<ServedText> => {
		await deps.receipts.record({
			kind: "mcp",
			to: actor(),
			feature,
			paths: [...new Set([...paths, ...(answer.attachments ?? []).map((file) => file.name)])],
			inputTokens: 0,
			outputTokens: estimateTokens(answer.text),
		});
		return answer;
	};

	return {
		actor,
		listTools: () =>
			[...offered.values()].map((tool) => ({
				name: tool.name,
				description: tool.description,
				inputSchema: tool.inputSchema,
				readOnly: tool.effect === "read",
			})),

		async callTool(name, input) {
			const tool = offered.get(name);
			if (tool === undefined)
				return error(`there is no tool named ${quoted(name)} here. Tools: ${[...offered.keys()].join(", ")}.`);
			const size = argumentsSize(input);
			if (size === null || size > MAX_ARGUMENTS_CHARS)
				return error(`the arguments of ${name} are larger than ${MAX_ARGUMENTS_CHARS} characters; nothing was done.`);
			const refused = take(tool.effect);
			if (refused !== null) return error(refused.message);
			await deps.catchUp?.();
			// Without writes, only the read tools are offered, and they need no writer.
			const result =
				deps.writes === undefined
					? await tool.run(input, memory as WriteToolDeps)
					: await tool.run(input, { ...memory, ...deps.writes, actor: actor() });
			if (result.display?.kind === "checkpoint") deps.checkpointSaved?.(result.display.checkpoint);
			const answer = {
				text: result.text,
				isError: result.isError,
				...(result.attachments !== undefined && { attachments: result.attachments }),
			};
			return served(
				name,
				answer,
				(result.locations ?? []).map((location) => location.path),
			);
		},

		listResources() {
			const files = identityFiles();
			const identity = IDENTITY_RESOURCES.filter((resource) => files[resource.role] !== null).map(
				(resource): ServedResource => ({
					uri: resource.uri,
					name: resource.name,
					description: ROLE_DESCRIPTIONS[resource.role],
					mimeType: "text/markdown",
				}),
			);
			const memoryFile: ServedResource[] =
				files.memory === null
					? []
					: [
							{
								uri: HOT_MEMORY_URI,
								name: "hot memory",
								description:
									"The hot part of long-term memory (memory.md): its sections on preferences, current state and rules, then its latest entries.",
								mimeType: "text/markdown",
							},
						];
			return [...identity, ...memoryFile];
		},

		async readResource(uri) {
			const identity = IDENTITY_RESOURCES.find((resource) => resource.uri === uri);
			if (identity === undefined && uri !== HOT_MEMORY_URI) return null;
			const refused = take("read");
			if (refused !== null) return error(refused.message);
			await deps.catchUp?.();
			if (identity === undefined) {
				const hot = await hotMemory();
				return hot === null
					? error("there is no long-term memory yet.")
					: served(uri, { text: hot.text, isError: false }, [hot.path]);
			}
			const note = await readable(identityFiles()[identity.role]);
			return note === null
				? error(`the workspace has no ${identity.name} file.`)
				: served(uri, { text: boundOutput(note.text), isError: false }, [note.path]);
		},

		listPrompts: () => [
			{
				name: START_SESSION_PROMPT,
				description:
					"Opens a session with the workspace: who the assistant and the user are, hot memory and the last checkpoint.",
			},
		],

		async getPrompt(name) {
			if (name !== START_SESSION_PROMPT) return null;
			const refused = take("read");
			if (refused !== null) return error(refused.message);
			await deps.catchUp?.();
			const files = identityFiles();
			const notes = {
				soul: await readable(files.soul),
				user: await readable(files.user),
				rules: await readable(files.rules),
			};
			const identity = identityLayer(notes, DEFAULT_CONTEXT_BUDGETS).text;
			const hot = await hotMemory();
			const checkpoint = deps.lastCheckpoint();
			const parts = [
				"This is the user's Assistant Workspace: the assistant's identity files, its hot memory and where the last session stopped. Search and read more of it with the memory tools.",
				identity ?? "The workspace has no identity files yet.",
				hot?.text ?? "There is no long-term memory yet.",
				...(checkpoint === null ? [] : [resumeBlock(withoutHiddenRefs(checkpoint, memory.vault)).text]),
			];
			const given = [notes.soul, notes.user, notes.rules, hot].flatMap((note) => (note === null ? [] : [note.path]));
			return served(name, { text: parts.join("\n\n"), isError: false }, given);
		},
	};
}

function error(message: string): ServedText {
	return { text: `Error: ${message}`, isError: true };
}

function quoted(name: string): string {
	return JSON.stringify(name.length > QUOTED_NAME_CHARS ? `${name.slice(0, QUOTED_NAME_CHARS)}…` : name);
}

/** The arguments' size as JSON, `null` when they are not JSON at all (a cycle, a BigInt). */
function argumentsSize(input: unknown): number | null {
	try {
		return (JSON.stringify(input) ?? "").length;
	} catch {
		return null;
	}
}
