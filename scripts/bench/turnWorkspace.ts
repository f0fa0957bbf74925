import { memoryOverVault } from "../lib/headlessMemory";
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import type { NoteInput } from "../../src/core/retrieval";
import type { TurnPorts } from "../../src/core/agent/session";
import { assistantFolderTarget } from "../../src/core/memory/daily";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";
import type { RecordingModel } from "./recordingModel";

/** A note the user asks about by name in the benchmark's messages. */
export const MENTIONED_NOTE = "Bench/Thesis plan.md";

/**
 * The assistant's files in a benchmark vault, sized like a workspace after months of use: each
 * identity file over its budget (cut with a marker), `memory.md` over the hot-memory cap, a
 * history book of weekly summaries. The bench vaults already hold two years of daily notes in
 * `memory/daily`.
 */
function assistantFiles(): Record<string, string> {
	const lines = (count: number, text: (index: number) => string) =>
		Array.from({ length: count }, (_, index) => text(index)).join("\n");
	const weeks = Array.from({ length: 26 }, (_, index) => `2026-W${String(index + 1).padStart(2, "0")}`);
	return {
		"soul.md": `# Soul\n\n${lines(120, (index) => `- Principle ${index}: be calm, brief and honest; cite the notes an answer comes from.`)}\n`,
		"user.md": `# User\n\n${lines(120, (index) => `- Fact ${index}: works on the thesis in the morning, reviews the atlas project on Fridays.`)}\n`,
		"claude.md": `# Rules\n\n${lines(200, (index) => `${index}. Write daily memory for decisions; long-term memory only for stable facts.`)}\n`,
		"memory.md": `# Memory\n\n${lines(600, (index) => `- 2026-0${1 + (index % 6)}-${String(1 + (index % 28)).padStart(2, "0")}: decision ${index} about the atlas project and its budget.`)}\n`,
		...Object.fromEntries(
			weeks.map((week) => [
				`memory/weekly/${week}.md`,
				`# ${week}\n\n${lines(20, (index) => `- Worked on chapter ${index % 5}; decided to keep the hermes plan.`)}\n`,
			]),
		),
		[MENTIONED_NOTE]: `# Thesis plan\n\n${lines(300, (index) => `Section ${index}: the argument about nap length and memory consolidation.`)}\n`,
	};
}

/**
 * A turn's ports over a bench vault and the assistant's files, as the plugin wires them: the
 * retrieval index built over every note, the audited writer, the vault's clock at `now`; the
 * model is `model`, and no transcript is kept (it is saved after the answer, not before the request).
 */
export async function turnWorkspace(notes: readonly NoteInput[], model: RecordingModel, now: Date): Promise<TurnPorts> {
	const files = { ...Object.fromEntries(notes.map((note) => [note.path, note.content])), ...assistantFiles() };
	const vault = new MemoryVault({ files, now: () => now.getTime() });
	const clock = { now: () => new Date(now) };
	const settings = defaultPluginData().settings;
	const workspace = new AssistantWorkspace({
		store: vault,
		metadata: vault,
		auditFile: new MemoryLogFile(),
		clock,
		settings,
	});
	const memory = await memoryOverVault(
		{ files: vault, metadata: vault, view: workspace.vault },
		{ layout: workspace.layout, clock, recentDailyMemory: (days) => workspace.recentDailyMemory(days) },
	);
	return {
		model,
		modelId: "claude-sonnet-5-5",
		tools: {
			...memory.deps,
			writer: workspace.writer,
			actor: "assistant",
			daily: assistantFolderTarget(workspace.layout),
		},
		delay: (callback, ms) => {
			const timer = setTimeout(callback, ms);
			return () => clearTimeout(timer);
		},
		transcript: null,
	};
}
