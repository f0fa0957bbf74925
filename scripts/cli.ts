import { readFileSync } from "node:fs";
import { ContainmentError } from "../src/core/vault/containment";
import { WriteRefusedError } from "../src/core/vault/auditedWriter";
import { UnsafePathError } from "../src/core/vault/unsafePath";
import { computeMetadata, getAllTags, parseFrontMatterTags } from "../headless/metadata";
import { parseArgs, rejectUnknownOptions, requireOption, UsageError, type ParsedArgs } from "./lib/args";
import { chatCommand } from "./lib/chatCommand";
import { printed, type Command } from "./lib/command";
import { openHeadlessWorkspace, writesLostSoFar } from "./lib/headless";
import { checkOptionValues } from "./lib/optionChecks";
import { heartbeatCommand } from "./lib/heartbeatCommand";
import { captureCommand } from "./lib/captureCommand";
import { indexCommand, searchCommand, toolCommand } from "./lib/memoryCommands";
import { organizeCommand, taxonomyCommand } from "./lib/organizeCommands";
import { weeklyCommand } from "./lib/weeklyCommand";
import { guardTerminal } from "./lib/terminalText";
import { archiveReport, auditReport, initializeReport, inspectionReport, promotionReport } from "./lib/report";

const USAGE = `usage: npm run -s cli -- <command>
  metadata <file.md>
  inspect --vault <dir> [--folder <f>]
  init    --vault <dir> [--folder <f>] [--lang en|zh] [--now <ISO>]
  promote --vault <dir> --date YYYY-MM-DD [--folder <f>] [--now <ISO>]
  archive --vault <dir> --now <ISO> [--folder <f>]
  audit   --vault <dir>
  search  "<query>" --vault <dir> [--limit N] [--tags a,b] [--kind k] [--folder f] [--since D] [--until D]
          [--exclude-folders a,b] [--exclude-tags a,b] [--now <ISO>] [--json] [<meaning>]
  tool    <memory_search|memory_get|memory_recent> '<json args>' --vault <dir> [--now <ISO>]
          [--exclude-folders a,b] [--exclude-tags a,b] [<meaning>]
  index   --vault <dir> [--exclude-folders a,b] [--exclude-tags a,b] [--json] [<meaning>]
  chat    "<message>" --vault <dir> [<model>] [--offline] [--now <ISO>] [--json] [--approve none|all]
          (Claude with ANTHROPIC_API_KEY set, else the offline model; changes it proposes to notes are printed
          as diffs and written only with --approve all, each while the note is unchanged, audited)
  heartbeat --vault <dir> [--now <ISO>] [--active-hours HH:MM-HH:MM|all-day] [--onboarded] [--force]
          [<model>] [--offline] [--json]
          (state kept in the vault's plugin data.json between runs)
  capture  --vault <dir> --title <t> --text <x> [--tags a,b] [--now <ISO>]   (prints the created path)
  organize --vault <dir> --note <path> [<model>] [--offline] [--apply [--confirm-verified]] [--json]  (--apply moves it, links updated; a move that changes notes marked verified needs --confirm-verified)
  weekly   --vault <dir> --week YYYY-Www [<model>] [--offline] [--force] [--now <ISO>] (prints the summary path)
  taxonomy --vault <dir> [--json] [--report] [--now <ISO>]                  (the inferred folder roles; --report: the
                                                                            suggestions "Suggest taxonomy changes" writes)
  <model> is Claude's: [--model <id>] [--base-url <url>], with ANTHROPIC_API_KEY;
          or a local server's (Ollama, LM Studio, llama.cpp), no Anthropic key needed:
          --provider compatible --model <name> [--preset ollama|lm-studio|llama-cpp|custom] [--base-url <url>]
          [--context-window <tokens>]   (--base-url, or a --preset for its usual address; window default 8192;
          a server that asks for a key reads it from AW_SERVER_API_KEY)
  <meaning> searches by meaning too, with an embedding model on a server: --embed-url <url> --embed-model <name>
          [--embed-api openai|ollama]   (OpenAI-compatible /v1/embeddings unless ollama; a server that asks
          for a key reads it from AW_EMBED_API_KEY; the vectors are kept on this device, so index embeds the
          notes once and search embeds only its query)
  chat, organize and weekly also take --idle-timeout <s> (a stream silent that long is ended; default 90)
  and --time-limit <s> (a whole turn or request; default 600 for chat; 300 for the others, 900 on a local server);
  heartbeat, --idle-timeout`;

/** Options that take no value. */
const FLAGS = ["json", "offline", "onboarded", "force", "apply", "confirm-verified", "report"];

const commands: Record<string, Command> = {
	async metadata(args) {
		rejectUnknownOptions(args, [], 1);
		const [file] = args.positional;
		if (file === undefined) throw new UsageError("metadata needs a markdown file.");
		const cachedMetadata = computeMetadata(readText(file));
		const result = {
			cachedMetadata,
			getAllTags: getAllTags(cachedMetadata),
			parseFrontMatterTags: parseFrontMatterTags(cachedMetadata.frontmatter),
		};
		return printed([JSON.stringify(result, null, 2)]);
	},
	async inspect(args) {
		rejectUnknownOptions(args, ["vault", "folder"]);
		const { workspace } = await open(args);
		return printed(inspectionReport(workspace.inspect()));
	},
	async init(args) {
		rejectUnknownOptions(args, ["vault", "folder", "lang", "now"]);
		const lang = args.options.get("lang") ?? "en";
		if (lang !== "en" && lang !== "zh") throw new UsageError(`--lang is en or zh, not ${lang}.`);
		const headless = await open(args);
		const report = await headless.workspace.initialize(lang);
		return printed(initializeReport(report));
	},
	async promote(args) {
		rejectUnknownOptions(args, ["vault", "folder", "date", "now"]);
		const headless = await open(args);
		const result = await headless.workspace.promote(requireOption(args, "date"), "user");
		return printed(promotionReport(result));
	},
	async archive(args) {
		rejectUnknownOptions(args, ["vault", "folder", "now"]);
		requireOption(args, "now");
		const headless = await open(args);
		const result = await headless.workspace.archive("user");
		return printed(archiveReport(result));
	},
	async audit(args) {
		rejectUnknownOptions(args, ["vault"]);
		const { workspace } = await open(args);
		const log = await workspace.audit.read();
		return printed(auditReport(log));
	},
	search: searchCommand,
	tool: toolCommand,
	index: indexCommand,
	chat: chatCommand,
	heartbeat: heartbeatCommand,
	capture: captureCommand,
	organize: organizeCommand,
	weekly: weeklyCommand,
	taxonomy: taxonomyCommand,
};

function open(args: ParsedArgs) {
	return openHeadlessWorkspace(requireOption(args, "vault"), {
		now: args.options.get("now"),
		folder: args.options.get("folder"),
	});
}

function readText(file: string): string {
	try {
		return readFileSync(file, "utf8");
	} catch {
		throw new UsageError(`Cannot read ${file}.`);
	}
}

/** Errors that come from what the user typed or asked for; anything else is a bug and shows its stack. */
function isExpected(error: unknown): error is Error {
	return (
		error instanceof UsageError ||
		error instanceof ContainmentError ||
		error instanceof WriteRefusedError ||
		error instanceof UnsafePathError ||
		error instanceof RangeError
	);
}

async function main(argv: readonly string[]): Promise<number> {
	const args = parseArgs(argv, FLAGS);
	const command = commands[args.command];
	if (command === undefined) {
		process.stderr.write(
			`${args.command === "" ? "no command given" : `unknown command: ${args.command}`}\n${USAGE}\n`,
		);
		return 1;
	}
	checkOptionValues(args);
	const output = await command(args);
	for (const line of output.lines) process.stdout.write(`${line}\n`);
	return output.exitCode;
}

guardTerminal(process.stdout);
guardTerminal(process.stderr);
// A write saved over after the command ended is known only once its watch has ended, when nothing
// else keeps the process alive: it makes the run a failure then.
process.once("beforeExit", () => {
	if (writesLostSoFar() > 0) process.exitCode = 1;
});
main(process.argv.slice(2)).then(
	(code) => (process.exitCode = code === 0 ? process.exitCode : code),
	(error: unknown) => {
		if (!isExpected(error)) throw error;
		process.stderr.write(`error: ${error.message}\n`);
		process.exitCode = 1;
	},
);
