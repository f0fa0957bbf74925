import {
	DEFAULT_SERVER_CONTEXT_WINDOW,
	PRESET_BASE_URLS,
	type CompatibleServer,
	type ServerPreset,
} from "../../src/core/model/modelServer";
import { serverBaseUrl } from "../../src/core/workspace/data/serverUrl";
import { UsageError, type ParsedArgs } from "./args";

/**
 * The options that choose who answers: `--provider anthropic` (the default: Claude with
 * `ANTHROPIC_API_KEY`, at `--base-url` if given) or `--provider compatible` (a server on the
 * user's machine that speaks Anthropic's Messages API: Ollama, LM Studio, llama.cpp's server), with
 * its address (`--base-url`, or the usual one of `--preset`), the model it serves (`--model`) and
 * how many tokens that model holds (`--context-window`).
 */
export const MODEL_CHOICE_OPTIONS = ["provider", "preset", "base-url", "model", "context-window"] as const;

/**
 * The environment variable that holds the key of a server that asks for one (LM Studio with
 * "Require Authentication", llama-server started with `--api-key`): a flag would leave the key in
 * the shell's history.
 */
const SERVER_KEY_VARIABLE = "AW_SERVER_API_KEY";

/** Who answers a command, as its options say. */
export type ModelChoice =
	| {
			readonly provider: "anthropic";
			/** `--model`; absent, the command's usual model. */
			readonly modelId: string | undefined;
			readonly baseURL: string | undefined;
	  }
	| {
			readonly provider: "compatible";
			readonly server: CompatibleServer;
			readonly modelId: string;
			/** What the server's model holds: the conversation is compacted to fit it. */
			readonly contextWindowTokens: number;
	  };

/** Reads the choice from the options, refusing a combination that asks for two things at once. */
export function modelChoiceOf(args: ParsedArgs): ModelChoice {
	const provider = args.options.get("provider") ?? "anthropic";
	const model = args.options.get("model");
	const baseURL = args.options.get("base-url");
	if (provider !== "compatible") {
		for (const name of ["preset", "context-window"])
			if (args.options.has(name)) throw new UsageError(`--${name} is for a local server: add --provider compatible.`);
		return { provider: "anthropic", modelId: model, baseURL };
	}
	if (args.flags.has("offline"))
		throw new UsageError("--offline and --provider compatible name two different models: give one of them.");
	if (model === undefined)
		throw new UsageError(
			`${args.command} --provider compatible needs --model, the name the server knows the model by (such as qwen3).`,
		);
	const preset = (args.options.get("preset") ?? "custom") as ServerPreset;
	const address = baseURL ?? (preset === "custom" ? undefined : PRESET_BASE_URLS[preset]);
	if (address === undefined)
		throw new UsageError(
			`${args.command} --provider compatible needs --base-url, the server's address (such as http://localhost:11434), or --preset ollama, lm-studio or llama-cpp for its usual one.`,
		);
	// The address as the plugin's settings accept it: http(s), no credentials, query or fragment
	// (a password in it would be printed with every error that names the server).
	const root = serverBaseUrl(address);
	if (root === null)
		throw new UsageError(
			`--base-url takes a server's address such as http://localhost:11434 (http or https, with no user, password, query or #); the address given is not shown, as it may hold a password.`,
		);
	const apiKey = (process.env[SERVER_KEY_VARIABLE] ?? "").trim();
	return {
		provider: "compatible",
		server: { preset, baseURL: root, ...(apiKey === "" ? {} : { apiKey }) },
		modelId: model,
		contextWindowTokens: Number(args.options.get("context-window") ?? DEFAULT_SERVER_CONTEXT_WINDOW),
	};
}
