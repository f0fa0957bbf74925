import * as z from "zod/mini";
import { DEFAULT_CONTEXT_BUDGETS } from "./contextBudgets";
import { DEFAULT_MODEL } from "../../model/defaultModel";
import { EMBEDDING_APIS } from "../../model/embeddingClient";
import {
	DEFAULT_SERVER_CONTEXT_WINDOW,
	PRESET_BASE_URLS,
	SERVER_CONTEXT_WINDOW_RANGE,
	SERVER_PRESETS,
} from "../../model/modelServer";
import { parseTimeOfDay } from "./timeOfDay";

/** A time of the heartbeat's active hours, `HH:MM`; a time that does not parse is reset, never read as midnight. */
const timeOfDay = (role: "start" | "end") => z.string().check(z.refine((text) => parseTimeOfDay(text, role).ok));

/** The hot memory caps a user may choose: below, too little of memory stays in context; above, it crowds out the rest. */
export const HOT_MEMORY_CAP_RANGE = { min: 500, max: 20_000 } as const;

/** The ports the MCP server may take: none of the privileged ones below 1024, which a desktop app cannot open. */
export const MCP_PORT_RANGE = { min: 1024, max: 65_535 } as const;

/** Away from the ports development servers and databases usually take (the digits of e, 2.7182). */
export const DEFAULT_MCP_PORT = 27182;

/** The SecretStorage name of the MCP server's token: SecretStorage takes lowercase letters, digits and dashes. */
export const DEFAULT_MCP_TOKEN_SECRET = "assistant-workspace-mcp-token";

/**
 * The user's settings. Every field has a default, so that data saved before a field existed
 * loads as it was plus that field's default: a new setting needs no migration, only a schema
 * entry here and a default below. A migration is needed only to rename, move or reinterpret.
 */
export const settingsSchema = z.object({
	/** The assistant folder, vault-relative; `""` is the vault root. */
	assistantFolder: z.string(),
	/** Daily memory in the assistant folder (`memory/daily/`) or in the user's own daily notes. */
	dailyMemoryLocation: z.enum(["assistant-folder", "daily-notes"]),
	/** Hot memory's cap in estimated tokens: what the chat always shows of `memory.md`, past which a consolidation is proposed. */
	hotMemoryCapTokens: z
		.number()
		.check(z.int(), z.minimum(HOT_MEMORY_CAP_RANGE.min), z.maximum(HOT_MEMORY_CAP_RANGE.max)),
	/** Days a daily memory note stays before it is archived. */
	archiveRetentionDays: z.number().check(z.int(), z.minimum(1), z.maximum(3650)),
	/** Whether the heartbeat archives daily memory past the retention by itself (promoting it first); off, only the command does. */
	archiveAutomatically: z.boolean(),
	/** Where captures go, vault-relative; `""` is the assistant folder's `Inbox`. */
	inboxFolder: z.string(),
	/** Where prompt notes are kept, vault-relative like the inbox; `""` is the assistant folder's `Prompts`. */
	promptsFolder: z.string(),
	/** Folders that are never indexed, read or sent. */
	excludedFolders: z.array(z.string()),
	/** Tags that keep a note from being indexed, read or sent. */
	excludedTags: z.array(z.string()),
	/** The interface and template language; `auto` follows Obsidian's. */
	language: z.enum(["auto", "en", "zh"]),
	/** Whether the daily heartbeat may run at all. */
	heartbeatEnabled: z.boolean(),
	/** The heartbeat's active hours in local time: start inclusive, end exclusive (`24:00` allowed), wrapping past midnight. */
	heartbeatActiveStart: timeOfDay("start"),
	heartbeatActiveEnd: timeOfDay("end"),
	/** Lets the heartbeat run at any hour, whatever the active hours say. */
	heartbeatAllDay: z.boolean(),
	/** Notes the user keeps close: they rank higher in searches they match, never in others. */
	pinnedNotes: z.array(z.string()),
	/** The Claude model the chat asks (`DEFAULT_MODEL` until the user picks one); the key lives in SecretStorage. */
	model: z.string(),
	/** The name of the Anthropic API key in Obsidian's SecretStorage (the key itself is never saved here). */
	apiKeySecret: z.string(),
	/** Who answers: Anthropic (with `model` and `apiKeySecret`), or a compatible server (the `server…` fields). */
	modelProvider: z.enum(["anthropic", "compatible"]),
	/** The compatible server the settings were set up for: its usual address, model list and CORS fix. */
	serverPreset: z.enum(SERVER_PRESETS),
	/** The compatible server's base URL, without `/v1`. */
	serverBaseUrl: z.string(),
	/** The model the compatible server runs, as it names it (`qwen3:8b`); `""` until one is chosen. */
	serverModel: z.string(),
	/** The name of the compatible server's key in SecretStorage; `""` sends none (most local servers ask for none). */
	serverKeySecret: z.string(),
	/** How many tokens the server's model holds: the conversation is compacted to fit it. */
	serverContextWindowTokens: z
		.number()
		.check(z.int(), z.minimum(SERVER_CONTEXT_WINDOW_RANGE.min), z.maximum(SERVER_CONTEXT_WINDOW_RANGE.max)),
	/** Whether the plugin serves the vault's memory to MCP clients on this computer (desktop only, off until turned on). */
	mcpServerEnabled: z.boolean(),
	/** The port on 127.0.0.1 the MCP server listens on. */
	mcpServerPort: z.number().check(z.int(), z.minimum(MCP_PORT_RANGE.min), z.maximum(MCP_PORT_RANGE.max)),
	/** Whether MCP clients get the tools that write (audited as `mcp:<client>`); read-only otherwise. */
	mcpServerAllowWrites: z.boolean(),
	/** The name of the MCP server's bearer token in SecretStorage (the token itself is never saved here). */
	mcpServerTokenSecret: z.string().check(z.regex(/^[a-z0-9-]+$/)),
	/**
	 * Search by meaning: off; with an embedding server of the user's (on this computer or the
	 * network); or with an endpoint the user chose, which may be a cloud service (a new place
	 * the notes' passages are sent, so off until chosen).
	 */
	meaningSearch: z.enum(["off", "server", "endpoint"]),
	/** The API the embedding server speaks: Ollama's `/api/embed`, or the OpenAI-compatible `/v1/embeddings`. */
	embeddingApi: z.enum(EMBEDDING_APIS),
	/** The embedding server's base URL; `""` is the compatible model server's (`serverBaseUrl`). */
	embeddingBaseUrl: z.string(),
	/** The embedding model, as the server names it (`bge-m3`); `""` until one is chosen. */
	embeddingModel: z.string(),
	/** The name of the embedding endpoint's key in SecretStorage; `""` sends none. */
	embeddingKeySecret: z.string(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The secret the plugin has always kept the key under, so a key saved before the choice existed is still found. */
export const DEFAULT_API_KEY_SECRET = "assistant-workspace-anthropic-api-key";

/** A fresh object each time, so that no caller can change another's defaults. */
export function defaultSettings(): Settings {
	return {
		assistantFolder: "",
		dailyMemoryLocation: "assistant-folder",
		hotMemoryCapTokens: DEFAULT_CONTEXT_BUDGETS.hotMemoryTokens,
		archiveRetentionDays: 30,
		archiveAutomatically: false,
		inboxFolder: "",
		promptsFolder: "",
		excludedFolders: [],
		excludedTags: [],
		language: "auto",
		heartbeatEnabled: true,
		heartbeatActiveStart: "08:00",
		heartbeatActiveEnd: "22:00",
		heartbeatAllDay: false,
		pinnedNotes: [],
		model: DEFAULT_MODEL,
		apiKeySecret: DEFAULT_API_KEY_SECRET,
		modelProvider: "anthropic",
		serverPreset: "ollama",
		serverBaseUrl: PRESET_BASE_URLS.ollama,
		serverModel: "",
		serverKeySecret: "",
		serverContextWindowTokens: DEFAULT_SERVER_CONTEXT_WINDOW,
		mcpServerEnabled: false,
		mcpServerPort: DEFAULT_MCP_PORT,
		mcpServerAllowWrites: false,
		mcpServerTokenSecret: DEFAULT_MCP_TOKEN_SECRET,
		meaningSearch: "off",
		embeddingApi: "ollama",
		embeddingBaseUrl: "",
		embeddingModel: "",
		embeddingKeySecret: "",
	};
}
