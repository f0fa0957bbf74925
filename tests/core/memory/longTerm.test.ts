import { assistantFolderTarget } from "../../../src/core/memory/daily";
import { appendToLongTermMemory, promoteDay } from "../../../src/core/memory/longTerm";
import { layoutFor } from "../../../src/core/workspace/layout";
import { memoryFixture } from "./fixture";

const layout = layoutFor("");
const target = assistantFolderTarget(layout);
const DAY = "memory/daily/2026-03-05.md";
const NOW = "2026-03-06T08:00:00Z";
const request = { date: "2026-03-05", target, memoryPath: layout.memory, actor: "user" } as const;

const daily =
	"# 2026-03-05\n\n## Log\n- worked\n\n## Candidate long-term memory\n- Prefers tea\n- Thesis due in June\n\n## Notes\nend\n";
/** The user's own long-term memory: odd spacing, no final line break, all of it must survive. */
const userMemory = "# Memory\n\n  My own notes, *as I wrote them*.\n\n\n- fact one";

describe("promoteDay", () => {
	it("appends the candidates under a dated heading and marks the daily note", async () => {
		const { deps, vault, records } = memoryFixture({ [DAY]: daily, "memory.md": userMemory }, NOW);
		const result = await promoteDay(deps, request);

		expect(result.status).toBe("promoted");
		const memory = await vault.read("memory.md");
		expect(memory.startsWith(userMemory)).toBe(true);
		expect(memory).toBe(`${userMemory}\n\n## Promoted from 2026-03-05\n\n- Prefers tea\n- Thesis due in June\n`);
		expect(await vault.read(DAY)).toBe(daily.replace("June\n", "June\n<!-- promoted: 2026-03-05 -->\n"));
		expect(records().map((r) => [r.action, r.path])).toEqual([
			["promote", "memory.md"],
			["promote", DAY],
		]);
		expect(result.records).toEqual(records());
	});

	it("promoting twice is promoting once: no byte changes and no second audit record", async () => {
		const { deps, snapshot, log } = memoryFixture({ [DAY]: daily, "memory.md": userMemory }, NOW);
		await promoteDay(deps, request);
		const [files, trail] = [await snapshot(), log.text];

		const again = await promoteDay(deps, request);
		expect(again).toMatchObject({ status: "already-promoted", records: [] });
		expect(await snapshot()).toEqual(files);
		expect(log.text).toBe(trail);
	});

	it("promotes a candidate added after the day's promotion in a round of its own, and only it; a crash between the two writes is finished, not repeated", async () => {
		const { deps, vault } = memoryFixture({ [DAY]: daily, "memory.md": userMemory }, NOW);
		await promoteDay(deps, request);
		// The assistant appends a candidate at the end of the section, below the marker.
		const later = (await vault.read(DAY)).replace(
			"<!-- promoted: 2026-03-05 -->\n",
			"<!-- promoted: 2026-03-05 -->\n- Moved the lab to Thursdays\n",
		);
		await vault.process(DAY, () => later);

		expect((await promoteDay(deps, request)).status).toBe("promoted");
		expect(await vault.read("memory.md")).toBe(
			`${userMemory}\n\n## Promoted from 2026-03-05\n\n- Prefers tea\n- Thesis due in June\n\n## Promoted from 2026-03-05 (2)\n\n- Moved the lab to Thursdays\n`,
		);
		expect((await promoteDay(deps, request)).status).toBe("already-promoted");

		// Killed after memory.md but before the daily note's second marker: the next run only marks the day.
		const crashed = memoryFixture(
			{
				[DAY]: later,
				"memory.md": `${userMemory}\n\n## Promoted from 2026-03-05 (2)\n\n- Moved the lab to Thursdays\n`,
			},
			NOW,
		);
		expect((await promoteDay(crashed.deps, request)).status).toBe("marker-restored");
		expect((await crashed.vault.read("memory.md")).match(/Moved the lab/g)).toHaveLength(1);
	});

	it.each(["## Candidate Long-Term Memory", "### candidate long term memory", "## 候选长期记忆"])(
		"finds the candidates under %j",
		async (heading) => {
			const { deps, vault } = memoryFixture({ [DAY]: `${heading}\n- 喜欢喝茶\n` }, NOW);
			expect((await promoteDay(deps, request)).status).toBe("promoted");
			expect(await vault.read("memory.md")).toBe("## Promoted from 2026-03-05\n\n- 喜欢喝茶\n");
		},
	);

	it("promotes nothing from an empty or missing candidate section, and says so", async () => {
		const empty = memoryFixture({ [DAY]: "## Candidate long-term memory\n\n## Notes\n", "memory.md": userMemory }, NOW);
		expect(await promoteDay(empty.deps, request)).toMatchObject({ status: "empty-candidate-section", records: [] });
		const none = memoryFixture({ [DAY]: "## Log\n- only a log\n", "memory.md": userMemory }, NOW);
		expect(await promoteDay(none.deps, request)).toMatchObject({ status: "no-candidate-section", records: [] });
		for (const { vault, log } of [empty, none]) {
			expect(await vault.read("memory.md")).toBe(userMemory);
			expect(log.text).toBe("");
		}
	});

	it("reports a missing daily note and an invalid date without writing", async () => {
		const { deps, vault, log } = memoryFixture({}, NOW);
		expect((await promoteDay(deps, request)).status).toBe("no-daily-note");
		expect((await promoteDay(deps, { ...request, date: "2026-02-30" })).status).toBe("invalid-date");
		expect(vault.listFiles()).toEqual([]);
		expect(log.text).toBe("");
	});

	it("finishes an interrupted promotion by marking the daily note only", async () => {
		const promoted = `${userMemory}\n\n## Promoted from 2026-03-05\n\n- Prefers tea\n`;
		const { deps, vault } = memoryFixture({ [DAY]: daily, "memory.md": promoted }, NOW);
		const result = await promoteDay(deps, request);

		expect(result.status).toBe("marker-restored");
		expect(result.records.map((r) => r.path)).toEqual([DAY]);
		expect(await vault.read("memory.md")).toBe(promoted);
		expect(await vault.read(DAY)).toContain("<!-- promoted: 2026-03-05 -->");
	});

	it("does not bring back a promotion the user removed from memory.md", async () => {
		const marked = daily.replace("June\n", "June\n<!-- promoted: 2026-03-05 -->\n");
		const { deps, vault } = memoryFixture({ [DAY]: marked, "memory.md": userMemory }, NOW);
		expect((await promoteDay(deps, request)).status).toBe("already-promoted");
		expect(await vault.read("memory.md")).toBe(userMemory);
	});
});

describe("appendToLongTermMemory", () => {
	it("creates memory.md when missing and only ever appends to it", async () => {
		const { deps, vault } = memoryFixture({}, NOW);
		const intent = { actor: "assistant", reason: "remember" } as const;
		await appendToLongTermMemory(deps, "memory.md", "- one", intent);
		await appendToLongTermMemory(deps, "memory.md", "- two", intent);
		expect(await vault.read("memory.md")).toBe("- one\n\n- two\n");
	});
});
