import { sha256Hex } from "../../../src/core/audit/hash";
import { applyConsolidation, proposeConsolidation } from "../../../src/core/memory/hotMemoryConsolidation";
import { offlineConsolidation } from "../../../src/core/memory/offlineConsolidation";
import type { TextModel } from "../../../src/core/model/textModel";
import { memoryFixture } from "./fixture";

const NOW = "2026-11-28T10:00:00.000Z";
const MEMORY = [
	"# Memory",
	"",
	"## Preferences",
	"- Mei drinks tea.",
	"",
	"## Promoted from 2026-11-01",
	"",
	"- The thesis is on sleep and memory.",
	"- Dr. Lin is the supervisor.",
	"",
	"## Promoted from 2026-11-02",
	"",
	"- Dr. Lin is the supervisor.",
	"- Chapter 2 is due in December.",
	"",
].join("\n");

describe("hot memory consolidation", () => {
	it("proposes nothing while memory.md fits its cap, and a tidied version offline once it does not", async () => {
		const { deps } = memoryFixture({ "memory.md": MEMORY }, NOW);
		expect(await proposeConsolidation(deps.vault, "memory.md", { capTokens: 2000, model: null })).toBeNull();
		const proposal = await proposeConsolidation(deps.vault, "memory.md", { capTokens: 10, model: null });
		expect(proposal).toMatchObject({ author: "offline", current: MEMORY, basedOn: sha256Hex(MEMORY) });
		expect(proposal?.proposed).toBe(
			"# Memory\n\n## Preferences\n- Mei drinks tea.\n\n## Promoted memory, 2026-11-01 to 2026-11-02\n\n- The thesis is on sleep and memory.\n- Dr. Lin is the supervisor.\n- Chapter 2 is due in December.\n",
		);
		expect(offlineConsolidation("# Only\n- one\n")).toBe("# Only\n- one\n");
	});

	it("asks the model for the proposal when there is one", async () => {
		const { deps } = memoryFixture({ "memory.md": MEMORY }, NOW);
		const model: TextModel = {
			complete: (request) => Promise.resolve(request.prompt === MEMORY ? "# Memory\n- All of it, shorter." : "wrong"),
		};
		expect((await proposeConsolidation(deps.vault, "memory.md", { capTokens: 10, model }))?.proposed).toBe(
			"# Memory\n- All of it, shorter.\n",
		);
	});

	it("keeps the old memory.md in the archive first, then writes exactly the approved text, both audited", async () => {
		const fixture = memoryFixture({ "memory.md": MEMORY }, NOW);
		const approved = "# Memory\n- Edited by the user before approving.\n";
		const outcome = await applyConsolidation(fixture.deps, {
			memoryPath: "memory.md",
			basedOn: sha256Hex(MEMORY),
			approved,
			archiveFolder: "memory/archive",
			actor: "user",
		});
		expect(outcome).toMatchObject({ kind: "applied", keptAt: "memory/archive/memory 2026-11-28.md" });
		expect(await fixture.vault.read("memory.md")).toBe(approved);
		expect(await fixture.vault.read("memory/archive/memory 2026-11-28.md")).toBe(MEMORY);
		expect(fixture.records().map((record) => [record.action, record.path])).toEqual([
			["archive", "memory/archive/memory 2026-11-28.md"],
			["process", "memory.md"],
		]);
		const second = await applyConsolidation(fixture.deps, {
			memoryPath: "memory.md",
			basedOn: sha256Hex(approved),
			approved: "# Again\n",
			archiveFolder: "memory/archive",
			actor: "user",
		});
		expect(second).toMatchObject({ kind: "applied", keptAt: "memory/archive/memory 2026-11-28 2.md" });
		expect(await fixture.vault.read("memory/archive/memory 2026-11-28 2.md")).toBe(approved);
	});

	it("drops nothing without the approved text: refuses when memory.md changed since the proposal, or the text is empty", async () => {
		const fixture = memoryFixture({ "memory.md": `${MEMORY}- Added after the proposal.\n` }, NOW);
		const changed = await applyConsolidation(fixture.deps, {
			memoryPath: "memory.md",
			basedOn: sha256Hex(MEMORY),
			approved: "# Short\n",
			archiveFolder: "memory/archive",
			actor: "user",
		});
		expect(changed.kind).toBe("changed-since");
		const empty = await applyConsolidation(fixture.deps, {
			memoryPath: "memory.md",
			basedOn: sha256Hex(`${MEMORY}- Added after the proposal.\n`),
			approved: "  \n",
			archiveFolder: "memory/archive",
			actor: "user",
		});
		expect(empty.kind).toBe("empty");
		expect(await fixture.vault.read("memory.md")).toBe(`${MEMORY}- Added after the proposal.\n`);
		expect(fixture.records()).toEqual([]);
	});

	it("the writer replaces a note only while its current text is kept elsewhere", async () => {
		const fixture = memoryFixture({ "memory.md": "old", "memory/archive/copy.md": "not the same" }, NOW);
		await expect(
			fixture.deps.writer.replaceKeptNote("memory.md", "new", "memory/archive/copy.md", {
				actor: "user",
				reason: "test",
			}),
		).rejects.toMatchObject({ refusal: "removes-text" });
		await expect(
			fixture.deps.writer.replaceKeptNote("memory.md", "new", "memory/archive/none.md", {
				actor: "user",
				reason: "test",
			}),
		).rejects.toMatchObject({ refusal: "missing" });
		expect(await fixture.vault.read("memory.md")).toBe("old");
	});
});
