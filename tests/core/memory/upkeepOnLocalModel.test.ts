import { assistantFolderTarget } from "../../../src/core/memory/daily";
import { proposeConsolidation } from "../../../src/core/memory/hotMemoryConsolidation";
import { buildWeeklySummary } from "../../../src/core/memory/weeklySummary";
import type { ModelRequest } from "../../../src/core/model/modelClient";
import { textModelOver } from "../../../src/core/model/textModel";
import { inboxNotes, suggestOrganize } from "../../../src/core/organize/organizeNote";
import { estimateTokens } from "../../../src/core/text/tokenEstimate";
import { layoutFor } from "../../../src/core/workspace/layout";
import { answer, ScriptedModel } from "../agent/local/scriptedModel";
import { delay } from "../agent/local/localSession";
import { organizeFixture } from "../organize/fixture";
import { memoryFixture } from "./fixture";

/**
 * The weekly summary, the consolidation and organize ask a local model through the chat's model
 * port, with no tools: a model that cannot call tools answers them as any other.
 */
const NOW = "2026-11-28T10:00:00.000Z";
const layout = layoutFor("");
const WEEK = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"];

/** A busy day: about 2,000 tokens of log, its own decision on the first line. */
const busyDay = (day: string) =>
	`# ${day}\n\n## Log\n- 09:00 Decided on ${day}: keep the sleep lab booking.\n${"- Ran participants through the protocol and noted their sleep diaries.\n".repeat(110)}`;

function requestTokens(request: ModelRequest): number {
	const system = request.system.reduce((sum, block) => sum + estimateTokens(block.text), 0);
	const prompt = request.messages.reduce(
		(sum, message) =>
			sum + message.content.reduce((s, block) => s + (block.type === "text" ? estimateTokens(block.text) : 0), 0),
		0,
	);
	return system + prompt + request.maxTokens;
}

describe("upkeep on a local model without tools", () => {
	it("summarises a busy week within an 8,192-token window, every day of it read", async () => {
		const fixture = memoryFixture(Object.fromEntries(WEEK.map((day) => [`memory/daily/${day}.md`, busyDay(day)])), NOW);
		const model = new ScriptedModel([answer("## Decisions\n- Kept the sleep lab booking.")]);
		const result = await buildWeeklySummary(fixture.deps, {
			week: "2026-W47",
			target: assistantFolderTarget(layout),
			layout,
			model: textModelOver(model, "qwen3:8b", { delay }),
			contextWindowTokens: 8192,
			actor: "user",
		});
		expect([result.status, result.author]).toEqual(["written", "model"]);
		const [request] = model.requests;
		expect(request.tools).toEqual([]);
		expect(requestTokens(request)).toBeLessThanOrEqual(8192);
		for (const day of WEEK) expect(JSON.stringify(request.messages)).toContain(`Decided on ${day}`);
	});

	it("consolidates memory.md with the model when the file and the answer fit the window, and offline when they do not", async () => {
		const memory = `# Memory\n\n## Preferences\n${"- Mei drinks tea in the morning.\n".repeat(300)}`;
		const fits = new ScriptedModel([answer("# Memory\n\n## Preferences\n- Mei drinks tea in the morning.")]);
		const { deps } = memoryFixture({ "memory.md": memory }, NOW);
		const large = await proposeConsolidation(deps.vault, "memory.md", {
			capTokens: 2000,
			model: textModelOver(fits, "qwen3:8b", { delay }),
			contextWindowTokens: 32_768,
		});
		expect(large?.author).toBe("model");
		expect(requestTokens(fits.requests[0])).toBeLessThanOrEqual(32_768);

		const small = new ScriptedModel([]);
		const offline = await proposeConsolidation(deps.vault, "memory.md", {
			capTokens: 2000,
			model: textModelOver(small, "qwen3:8b", { delay }),
			contextWindowTokens: 8192,
		});
		expect(offline?.author).toBe("offline");
		expect(small.requests).toHaveLength(0);
	});

	it("organizes an inbox note with the model's folder", async () => {
		const { organize, deps } = organizeFixture({
			"Projects/Thesis.md": "# Thesis\n",
			"Notes/Sleep.md": "# Sleep\n",
			"Inbox/Lab booking.md": "Booked the lab.\n",
		});
		const model = new ScriptedModel([answer('{"folder": "Projects", "why": "thesis work"}')]);
		const [suggestion] = await suggestOrganize(
			organize,
			deps.writer,
			inboxNotes(organize, "Inbox"),
			textModelOver(model, "qwen3:8b", { delay }),
		);
		expect(suggestion.classification.folder).toBe("Projects");
		expect(model.requests[0].tools).toEqual([]);
	});
});
