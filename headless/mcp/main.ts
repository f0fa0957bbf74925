import { tokenProblem } from "../../src/core/mcp";
import { HttpSetupError, serveMcpHttp, type HttpSetupProblem } from "../../src/desktop/mcpHttpServer";
import { parseArgs, rejectUnknownOptions, requireOption, UsageError } from "../host/args";
import { meaningChoiceOf, MEANING_OPTIONS, type MeaningChoice } from "../host/meaningOptions";
import { openHeadlessMcp } from "./headlessMcp";
import { serveMcpStdio } from "./stdioServer";

const USAGE = `usage: npm run -s mcp -- --vault <dir> [--allow-writes] [--http --port <N> [--token <T>]]
                  [--embed-url <url> --embed-model <name> [--embed-api openai|ollama]]
  Serves the vault's memory to MCP clients (Claude Code, Claude Desktop), over stdio by default.
  --allow-writes  also offer memory_append, capture_note, checkpoint and note_annotate (audited as mcp:<client>)
  --http          Streamable HTTP on 127.0.0.1:<port> instead, with a bearer token: AW_MCP_TOKEN
                  (--token works too, but every process of the machine sees a command line)
  --embed-url     memory_search also searches by meaning, with the embedding server at <url> (Ollama,
                  LM Studio, llama.cpp, any OpenAI-compatible endpoint; its key, if any: AW_EMBED_API_KEY)
  --embed-model   the embedding model the server runs (e.g. bge-m3)
  --embed-api     openai (POST /v1/embeddings, the default) or ollama (POST /api/embed)
  The notes are embedded in the background, and what is embedded is kept beside the search index:
  search answers by keyword at once, and by meaning too as the notes are embedded.`;

const FLAGS = ["allow-writes", "http", "help"];

/**
 * The headless MCP server's entry. Stdout carries the protocol over stdio, so everything for the
 * person (usage, problems, the HTTP address) goes to stderr.
 */
async function main(argv: readonly string[]): Promise<void> {
	const args = parseArgs(["mcp", ...argv], FLAGS);
	if (args.flags.has("help")) {
		process.stderr.write(`${USAGE}\n`);
		return;
	}
	rejectUnknownOptions(args, ["vault", "allow-writes", "http", "port", "token", "help", ...MEANING_OPTIONS]);
	const http = args.flags.has("http");
	if (!http && (args.options.has("port") || args.options.has("token")))
		throw new UsageError("--port and --token are for --http.");
	const vault = requireOption(args, "vault");
	const port = http ? portOf(requireOption(args, "port")) : 0;
	// On the command line a token is seen by every process of the machine; the environment is not.
	const token = args.options.get("token") ?? process.env.AW_MCP_TOKEN;
	const problem = http ? tokenProblem(token) : null;
	if (problem !== null) throw new UsageError(httpProblem(problem));
	const meaning = meaningChoiceOf(args);

	const served = await openHeadlessMcp(vault, {
		allowWrites: args.flags.has("allow-writes"),
		...(meaning !== undefined && { meaning }),
	});
	const mode = `${args.flags.has("allow-writes") ? "read and write" : "read-only"}${meaningSaid(meaning)}`;
	if (!http) {
		process.stderr.write(`assistant-workspace MCP server on stdio (${mode}), vault ${vault}\n`);
		await serveMcpStdio(served.openSurface, { input: process.stdin, output: process.stdout });
		// The client is gone: the embedding under way stops, and what it embedded is kept.
		served.memory.close();
		return;
	}
	try {
		const server = await serveMcpHttp(served.openSurface, { port, token });
		process.stderr.write(`assistant-workspace MCP server at ${server.url} (${mode}), vault ${vault}\n`);
		const stop = () => void server.close().then(() => process.exit(0));
		process.once("SIGINT", stop);
		process.once("SIGTERM", stop);
	} catch (error) {
		if (error instanceof HttpSetupError) throw new UsageError(httpProblem(error.problem));
		throw error;
	}
}

/** What the server searches by meaning with, for its first line. */
function meaningSaid(meaning: MeaningChoice | undefined): string {
	return meaning === undefined ? "" : `, search by meaning with ${meaning.model} at ${meaning.baseURL}`;
}

function portOf(text: string): number {
	const port = Number(text);
	if (!/^\d+$/.test(text) || port < 1 || port > 65_535) throw new UsageError(`--port is not a port: ${text}`);
	return port;
}

function httpProblem(problem: HttpSetupProblem): string {
	switch (problem) {
		case "token-missing":
			return "--http needs a token: --token, or AW_MCP_TOKEN.";
		case "token-too-short":
			return "The token is too short: use at least 32 random characters (e.g. `openssl rand -hex 32`).";
		case "token-too-long":
			return "The token is too long.";
		case "token-not-printable":
			return "The token may hold only printable ASCII characters, without spaces.";
		case "port-invalid":
			return "--port is not a port.";
		case "port-in-use":
			return "The port is in use: another program (or another server) listens on it; choose another --port.";
	}
}

main(process.argv.slice(2)).catch((error: unknown) => {
	if (error instanceof UsageError) {
		process.stderr.write(`${error.message}\n${USAGE}\n`);
	} else {
		process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	}
	process.exit(1);
});
