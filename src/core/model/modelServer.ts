/**
 * Where the assistant's model runs: Anthropic's API, or a server on the user's own machine (or
 * network) that answers Anthropic's Messages API at its own base URL. Ollama, LM Studio and
 * llama.cpp's server all do; each has its usual address, the way it lists its models and the
 * switch that lets Obsidian's window call it (CORS).
 */

/** The servers the settings know by name; `custom` is any other one, at an address the user types. */
export const SERVER_PRESETS = ["ollama", "lm-studio", "llama-cpp", "custom"] as const;

export type ServerPreset = (typeof SERVER_PRESETS)[number];

/** Each named server's address when it runs with its defaults on this machine. */
export const PRESET_BASE_URLS: Readonly<Record<Exclude<ServerPreset, "custom">, string>> = {
	ollama: "http://localhost:11434",
	"lm-studio": "http://localhost:1234",
	"llama-cpp": "http://localhost:8080",
};

/** Each named server as its makers write its name (a name, the same in every language). */
export const PRESET_NAMES: Readonly<Record<Exclude<ServerPreset, "custom">, string>> = {
	ollama: "Ollama",
	"lm-studio": "LM Studio",
	"llama-cpp": "llama.cpp",
};

/**
 * A Messages API server other than Anthropic's, as a request needs it: its base URL (the SDK
 * appends `/v1/messages`), the preset it was chosen as (for its model list and its CORS fix),
 * and the key when the server asks for one (most local servers ignore it).
 */
export interface CompatibleServer {
	readonly preset: ServerPreset;
	readonly baseURL: string;
	readonly apiKey?: string;
}

/**
 * The address requests are made under: without trailing slashes, and without the `/v1` that
 * OpenAI-style settings put there (the SDK adds `/v1/messages` itself; `…/v1/v1/messages` would
 * find nothing).
 */
export function serverRoot(baseURL: string): string {
	return baseURL.trim().replace(/\/+$/, "").replace(/\/v1$/, "");
}

/**
 * Whether the server's address is this computer's own (`localhost`, `127.x.x.x`, `[::1]`): only
 * then does nothing the assistant sends leave the machine. Any other host, one on the local
 * network included, receives the messages and the notes they bring.
 */
export function runsOnThisMachine(baseURL: string): boolean {
	let host: string;
	try {
		host = new URL(baseURL.trim()).hostname.toLowerCase();
	} catch {
		return false;
	}
	return (
		host === "localhost" ||
		host.endsWith(".localhost") ||
		host === "[::1]" ||
		/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
	);
}

/**
 * A small model's window is a few thousand tokens where Claude's is 200,000: the context
 * assembly compacts the conversation to fit what the user says the server's model holds.
 */
export const DEFAULT_SERVER_CONTEXT_WINDOW = 8192;
export const SERVER_CONTEXT_WINDOW_RANGE = { min: 2048, max: 2_000_000 } as const;

/**
 * The one command that lets Obsidian's window call each named server, where a command does it.
 *
 * Ollama already allows `app://*` (Obsidian on the desktop) and `http://localhost` (Android);
 * Obsidian on iPhone and iPad calls from `capacitor://localhost`, which it allows only when
 * `OLLAMA_ORIGINS` says so (the defaults stay allowed besides). LM Studio sends no CORS headers
 * until "Enable CORS" is on in its server settings, or the server starts with `--cors`.
 * llama.cpp's server answers every origin with its own and allows any header, so it needs none.
 */
export const CORS_FIX_COMMANDS: Readonly<Partial<Record<ServerPreset, string>>> = {
	ollama: 'OLLAMA_ORIGINS="app://obsidian.md*,capacitor://localhost*" ollama serve',
	"lm-studio": "lms server start --cors",
};
