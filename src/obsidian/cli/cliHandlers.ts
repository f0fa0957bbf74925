import { requireApiVersion, type CliData } from "obsidian";
import { memorySearchInput, parseArguments, searchMemories, formatMatches } from "../../core/agent/tools";
import { memoryRecent } from "../../core/agent/tools/memoryRecent";
import { t } from "../../i18n";
import { captureInput } from "../capture/captureCommands";
import { openCommandContext, type CommandDeps } from "../commandContext";
import { describeError } from "../describeError";

/** Obsidian's command line calls plugins from this version of its API on. */
export const CLI_API_VERSION = "1.12.2";

/**
 * Handlers for Obsidian's command line (`obsidian assistant-workspace:search query=...`), each
 * the same code as its command: search as `memory_search` finds, capture as "Capture to inbox",
 * recent memory as `memory_recent` reads it, and "Run heartbeat now". On an older Obsidian
 * nothing is registered. Returns whether they were.
 */
export function registerCliHandlers(deps: CommandDeps, runHeartbeat: () => Promise<string[]>): boolean {
	if (!requireApiVersion(CLI_API_VERSION)) return false;
	const { plugin } = deps;
	const id = (action: string) => `${plugin.manifest.id}:${action}`;
	plugin.registerCliHandler(
		id("search"),
		t("cli.search"),
		{
			query: { value: "<text>", description: t("cli.search.query"), required: true },
			limit: { value: "<n>", description: t("cli.search.limit") },
			json: { description: t("cli.search.json") },
		},
		(params) => answered(() => search(deps, params)),
	);
	plugin.registerCliHandler(
		id("capture"),
		t("cli.capture"),
		{
			title: { value: "<title>", description: t("cli.capture.title"), required: true },
			text: { value: "<text>", description: t("cli.capture.text"), required: true },
		},
		(params) =>
			answered(
				async () => (await captureInput(deps, { title: params.title ?? "", text: params.text ?? "", tags: [] })).path,
			),
	);
	plugin.registerCliHandler(
		id("recent"),
		t("cli.recent"),
		{ days: { value: "<n>", description: t("cli.recent.days") } },
		(params) =>
			answered(
				async () =>
					(
						await memoryRecent.run(
							params.days === undefined ? {} : { days: Number(params.days) },
							(await openCommandContext(deps, "user")).tools,
						)
					).text,
			),
	);
	plugin.registerCliHandler(id("heartbeat"), t("cli.heartbeat"), null, () =>
		answered(async () => (await runHeartbeat()).join("\n")),
	);
	return true;
}

async function search(deps: CommandDeps, params: CliData): Promise<string> {
	const request = parseArguments(memorySearchInput(), {
		query: params.query,
		...(params.limit === undefined ? {} : { limit: Number(params.limit) }),
	});
	if (!request.ok) return request.message;
	const matches = await searchMemories((await deps.ports()).tools, request.value);
	return params.json === undefined ? formatMatches(matches) : JSON.stringify(matches, null, 2);
}

/** The handler's answer; a failure is the answer, in words, rather than an exception on the command line. */
async function answered(run: () => Promise<string>): Promise<string> {
	try {
		return await run();
	} catch (error) {
		return describeError(error);
	}
}
