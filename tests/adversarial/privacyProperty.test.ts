/**
 * The privacy promise as a property: over random vaults whose private notes carry unique
 * markers, hidden by every mechanism and spelled every way a person might, a random sequence of
 * the assistant's work (chat turns with tool calls, the heartbeat, the weekly summary, archive,
 * promotion, consolidation, organize, taxonomy, the vault map, search) never puts a marker into
 * a request the model receives, nor into a note the view shows.
 *
 * The real SDK talks to the fake Messages API on 127.0.0.1; the scripted model calls every tool
 * on the private notes' paths and links, searches for their words, and asks about the past. It
 * never writes a marker itself: it cannot know one unless one leaked.
 *
 * `ADVERSARIAL_TRIALS=500 npx jest tests/adversarial` runs a longer search.
 */
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import { ChatSession, type TurnPorts } from "../../src/core/agent/session";
import { runHeartbeat } from "../../src/core/heartbeat/runHeartbeat";
import { assistantFolderTarget } from "../../src/core/memory/daily";
import { applyConsolidation, proposeConsolidation } from "../../src/core/memory/hotMemoryConsolidation";
import { textModelOver } from "../../src/core/model/textModel";
import { buildWeeklySummary } from "../../src/core/memory/weeklySummary";
import { applyMove, confirmingAll } from "../../src/core/organize/organizeMove";
import { suggestOrganize } from "../../src/core/organize/organizeNote";
import type { OrganizeVault } from "../../src/core/organize/organizeVault";
import { inferTaxonomy } from "../../src/core/organize/taxonomy";
import { taxonomySuggestions } from "../../src/core/organize/taxonomyReport";
import { vaultMap } from "../../src/core/organize/vaultMap";
import { writeVaultMap } from "../../src/core/organize/vaultMapText";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { t } from "../../src/i18n";
import { createModelClient } from "../../src/llm";
import { memoryOverVault } from "../../scripts/lib/headlessMemory";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";
import { textReply, toolUseReply, useFakeAnthropic, type ScriptedResponse } from "../harness/fakeAnthropic";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { seededRandom } from "./seededRandom";
import { BREAKING_PROPERTIES, PRIVATE_FLAGS } from "./spellings";
import { receiptsInMemory } from "../harness/receipts";

const { receipts } = receiptsInMemory();

const fake = useFakeAnthropic();
const TRIALS = Number(process.env.ADVERSARIAL_TRIALS ?? 24);
const NOW = new Date("2026-11-28T10:00:00Z");
const clock = { now: () => new Date(NOW) };
const delay = (callback: () => void, ms: number) => {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
};

/** The private folder as it is on disk, and the ways a user writes it in the settings. */
const FOLDER_SPELLINGS = ["Private", " private ", "PRIVATE/", "Ｐｒｉｖａｔｅ", "private."];
const TAG_SPELLINGS = ["secret", "#Secret", " SECRET ", "ＳＥＣＲＥＴ", "Secret/"];
const DAYS = ["2026-10-12", "2026-10-13", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-26"];
const TOPICS = ["zebra", "lighthouse", "thesis", "harbor", "garden"];

interface HiddenNote {
	readonly path: string;
	readonly name: string;
	readonly marker: string;
}

interface Trial {
	readonly files: Record<string, string>;
	readonly hidden: readonly HiddenNote[];
	readonly excludedFolders: string[];
	readonly excludedTags: string[];
}

/** A vault with public notes on a few topics and private notes on the same topics, each with its marker. */
function randomTrial(seed: number): Trial {
	const random = seededRandom(seed);
	const files: Record<string, string> = {
		"soul.md": "# Soul\n\nCalm and brief.\n",
		"user.md": "# User\n\nA student of sleep and memory.\n",
		"claude.md": "# Rules\n\nCite notes as wikilinks.\n",
		"memory.md": "# Memory\n\n## Preferences\n- Likes short answers about the zebra study.\n",
		"HEARTBEAT.md": "# Heartbeat\n\n- [ ] Check the lighthouse deadline\n",
		"Projects/Thesis.md": "# Thesis\n\nChapter two is on the harbor garden.\n",
		"Inbox/idea.md": "# Idea\n\nA zebra crossing at the lighthouse.\n",
	};
	for (const day of DAYS) {
		files[`memory/daily/${day}.md`] =
			`# ${day}\n\n## Log\n- 09:00 Worked on the ${random.pick(TOPICS)}.\n\n## Candidate long-term memory\n- Prefers the ${random.pick(TOPICS)} plan.\n`;
	}
	const hidden: HiddenNote[] = [];
	const count = 4 + Math.floor(random.next() * 6);
	for (let k = 0; k < count; k++) {
		const marker = `okapi${seed}x${k}q`;
		const topic = random.pick(TOPICS);
		const body = `# ${topic} notes\n\nAbout the ${topic} and the ${random.pick(TOPICS)}: ${marker}.\n\n## Candidate long-term memory\n- ${marker} is the code.\n\n## Log\n- 10:00 ${marker}\n`;
		const mechanism = random.pick([
			"folder",
			"tag",
			"inline-tag",
			"flag",
			"broken",
			"transcript",
			"config",
			"trash",
		] as const);
		const place = random.pick(["Notes", "Projects", "Inbox", "memory/daily", "memory/weekly", "root"] as const);
		const name =
			place === "memory/daily"
				? random.pick(DAYS)
				: place === "memory/weekly"
					? random.pick(["2026-W46", "2026-W47", "2026-W42"])
					: `${topic} ${k}`;
		const folder = place === "root" ? "" : `${place}/`;
		const withFrontmatter = (yaml: string) => `---\n${yaml}\n---\n${body}`;
		const [path, content] = ((): [string, string] => {
			switch (mechanism) {
				case "folder":
					return [`Private/${random.next() < 0.5 ? "" : "deep/"}${name}.md`, body];
				case "tag":
					return [
						`${folder}${name}.md`,
						withFrontmatter(`tags: [${random.pick(["secret", "Secret", "secret/health", "ＳＥＣＲＥＴ"])}]`),
					];
				case "inline-tag":
					return [`${folder}${name}.md`, `${body}\n#${random.pick(["secret", "Secret/diary", "SECRET"])}\n`];
				case "flag":
					return [`${folder}${name}.md`, withFrontmatter(random.pick(PRIVATE_FLAGS))];
				case "broken":
					return [`${folder}${name}.md`, withFrontmatter(random.pick(BREAKING_PROPERTIES))];
				case "transcript":
					return [`chats/2026-11-2${k} ${name}.md`, body];
				case "config":
					return [`.obsidian/${name}.md`, body];
				case "trash":
					return [`.trash/${name}.md`, body];
			}
		})();
		// A private note may take the place of a public one (a private day, a private weekly summary).
		files[path] = content;
		hidden.push({ path, name, marker });
		// Public notes link to it, by name: a link is no way in.
		files["Projects/Thesis.md"] += `See [[${name}]].\n`;
	}
	return {
		files,
		hidden: hidden.filter((note) => files[note.path].includes(note.marker)),
		excludedFolders: [random.pick(FOLDER_SPELLINGS)],
		excludedTags: [random.pick(TAG_SPELLINGS)],
	};
}

/** Everything the model was sent so far, as one string. */
const sent = () => JSON.stringify(fake().messageBodies);

/** Runs `work` with `replies` queued; a failure of the work (a refused write, a model error) is not what is tested. */
async function withReplies(replies: readonly ScriptedResponse[], work: () => Promise<unknown>): Promise<void> {
	fake().enqueue(...replies);
	await work().catch(() => undefined);
}

describe("no route sends a private note or derives a visible note from one", () => {
	it.each(Array.from({ length: TRIALS }, (_, trial) => trial + 1))("trial %i", async (seed) => {
		const trial = randomTrial(seed);
		const random = seededRandom(seed * 7919);
		const vault = new MemoryVault({ files: trial.files, now: () => NOW.getTime() - 86_400_000 });
		const settings = {
			...defaultPluginData().settings,
			excludedFolders: trial.excludedFolders,
			excludedTags: trial.excludedTags,
			heartbeatAllDay: true,
		};
		const workspace = new AssistantWorkspace({
			store: vault,
			metadata: vault,
			auditFile: new MemoryLogFile(),
			clock,
			settings,
		});
		const { vault: view, writer, layout } = workspace;
		const memoryDeps = { vault: view, writer, clock };
		const model = createModelClient({ apiKey: "test", baseURL: fake().baseURL, delay, translate: t, receipts });
		const text = textModelOver(model, "claude-test", { delay });
		const memory = await memoryOverVault(
			{ files: vault, metadata: vault, view },
			{ layout, clock, recentDailyMemory: (days) => workspace.recentDailyMemory(days) },
		);
		const tools = { ...memory.deps, writer, actor: "assistant" as const, daily: assistantFolderTarget(layout) };
		const ports: TurnPorts = {
			model,
			modelId: "claude-test",
			tools,
			delay,
			transcript: { writer, chatsFolder: layout.chatsFolder, language: "en" },
		};
		const organize: OrganizeVault = {
			view,
			verifiedChangedByMove: (path) => workspace.verifiedChangedByMove(path),
			layout,
			templatesFolder: null,
			dailyNotesFolder: null,
		};
		const target = random.pick(trial.hidden);
		const probes = (note: HiddenNote): ScriptedResponse[] => [
			toolUseReply("memory_search", { query: `${random.pick(TOPICS)} ${random.pick(TOPICS)}` }),
			toolUseReply("memory_get", { path: note.path }),
			toolUseReply("memory_get", { path: `[[${note.name}]]` }),
			toolUseReply("memory_recent", { days: 60 }),
			toolUseReply("memory_history", {}),
			toolUseReply("note_annotate", { path: `[[${note.name}]]`, text: "Worth a look." }),
			toolUseReply("memory_append", { target: "daily", text: "Looked at the notes." }),
		];
		const operations: Record<string, () => Promise<void>> = {
			chat: () =>
				withReplies([...random.shuffled(probes(target)).slice(0, 5), textReply("Done.")], async () => {
					const session = new ChatSession(() => ports, clock);
					const message = `Why did we pause the ${random.pick(TOPICS)} last time? See [[${target.name}]].`;
					for await (const event of session.send(message, { currentNotePath: target.path, mentions: [target.path] }))
						void event;
				}),
			heartbeat: () =>
				withReplies([textReply("Remember the lighthouse deadline today.")], () =>
					runHeartbeat(
						{ model, modelId: "claude-test", delay, vault: { ...tools } },
						{ state: { ...defaultPluginData().state, onboardingComplete: true }, settings, busy: false, force: true },
					),
				),
			weekly: () =>
				withReplies([textReply("A week of harbor work.")], () =>
					buildWeeklySummary(memoryDeps, {
						week: "2026-W47",
						target: assistantFolderTarget(layout),
						layout,
						model: text,
						actor: "user",
						force: true,
					}),
				),
			archive: () => workspace.archive("user").then(() => undefined),
			promote: async () => {
				for (const day of DAYS) await workspace.promote(day, "user").catch(() => undefined);
			},
			consolidate: () =>
				withReplies([textReply("# Memory\n\n- Short answers.\n")], async () => {
					const proposal = await proposeConsolidation(view, workspace.memoryPath(), { capTokens: 10, model: text });
					if (proposal !== null)
						await applyConsolidation(memoryDeps, {
							...proposal,
							approved: proposal.proposed,
							archiveFolder: layout.archiveFolder,
							actor: "user",
						});
				}),
			organize: () =>
				withReplies(
					Array.from({ length: 12 }, () => textReply('{"folder": "Projects", "why": "It is project work."}')),
					async () => {
						const inbox = view
							.listFiles()
							.filter((file) => file.path.startsWith("Inbox/"))
							.map((file) => file.path);
						for (const suggestion of await suggestOrganize(
							organize,
							writer,
							[...inbox, ...trial.hidden.map((note) => note.path)],
							text,
						)) {
							await applyMove(writer, suggestion.plan, "user", confirmingAll([suggestion.plan]));
						}
					},
				),
			taxonomy: async () => {
				const taxonomy = inferTaxonomy(organize);
				void taxonomySuggestions(organize, taxonomy);
				await writeVaultMap(memoryDeps, layout, await vaultMap(organize, taxonomy), t, "user");
			},
			search: async () => {
				for (const topic of TOPICS)
					for (const hit of await memory.deps.index.search(topic, { limit: 20 }))
						expect(trial.hidden.map((note) => note.path)).not.toContain(hit.path);
			},
		};
		for (const name of random.shuffled(Object.keys(operations))) await operations[name]();

		const requests = sent();
		expect(fake().messageBodies.length).toBeGreaterThan(0);
		for (const note of trial.hidden)
			expect({
				route: "a request to the model",
				marker: note.marker,
				found: requests.includes(note.marker),
			}).toMatchObject({ found: false });
		for (const file of view.listFiles()) {
			const content = await view.read(file.path);
			for (const note of trial.hidden)
				expect({
					route: "a visible note",
					path: file.path,
					marker: note.marker,
					found: content.includes(note.marker),
				}).toMatchObject({ found: false });
		}
	});
});
