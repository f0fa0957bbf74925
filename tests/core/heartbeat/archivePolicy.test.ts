import { AssistantWorkspace } from "../../../src/core/assistantWorkspace";
import { archiveByPolicy, type ArchiveCounts } from "../../../src/core/heartbeat/archivePolicy";
import { candidateText, findCandidateSection, hasPromotionMarker } from "../../../src/core/memory/promotion";
import { defaultSettings } from "../../../src/core/workspace/data/settings";
import { memoryFixture } from "../memory/fixture";

const NOW = "2026-03-15T21:00:00Z";
const withCandidate = (line: string) => `# Day\n\n## Log\n- Worked.\n\n## Candidate long-term memory\n- ${line}\n`;
const log = (counts: ArchiveCounts) =>
	`archived ${counts.archived}, promoted ${counts.promotedFirst}, kept ${counts.keptUnpromoted}`;

function policyOver(files: Record<string, string>) {
	const fixture = memoryFixture(files, NOW);
	const workspace = new AssistantWorkspace({
		store: fixture.vault,
		metadata: fixture.vault,
		auditFile: fixture.log,
		clock: fixture.deps.clock,
		settings: defaultSettings(),
	});
	return { ...fixture, run: (enabled: boolean) => archiveByPolicy(workspace, fixture.deps.clock, enabled, log) };
}

/** Every archived note whose candidates are not marked promoted: what the policy must never leave. */
async function strandedCandidates(vault: {
	listFiles(): { path: string }[];
	read(path: string): Promise<string>;
}): Promise<string[]> {
	const stranded: string[] = [];
	for (const { path } of vault.listFiles().filter((file) => file.path.startsWith("memory/archive/2"))) {
		const text = await vault.read(path);
		const section = findCandidateSection(text);
		const date = path.slice(-13, -3);
		if (section !== null && candidateText(text, section) !== "" && !hasPromotionMarker(text, date)) stranded.push(path);
	}
	return stranded;
}

describe("the heartbeat's archive policy", () => {
	it("archives nothing while it is off, which it is by default", async () => {
		expect(defaultSettings().archiveAutomatically).toBe(false);
		const { run, snapshot } = policyOver({
			"memory/daily/2026-01-05.md": withCandidate("The thesis is on sleep."),
			"memory.md": "# Memory\n",
		});
		const before = await snapshot();
		expect(await run(false)).toEqual({ kind: "off" });
		expect(await snapshot()).toEqual(before);
	});

	it("promotes each old day's candidates into long-term memory, then archives it, and logs what it did in today's daily memory", async () => {
		const { run, vault, records } = policyOver({
			"memory/daily/2026-01-05.md": withCandidate("The thesis is on sleep."),
			"memory/daily/2026-01-06.md": "# Day\n\n## Log\n- Read two papers.\n",
			"memory/daily/2026-03-14.md": withCandidate("Kept: within the retention."),
			"memory.md": "# Memory\n",
		});
		const outcome = await run(true);
		expect(outcome).toEqual({
			kind: "ran",
			counts: { retentionDays: 30, archived: 2, promotedFirst: 1, keptUnpromoted: 0, private: 0 },
			loggedAt: "memory/daily/2026-03-15.md",
		});
		expect(await vault.read("memory.md")).toContain("## Promoted from 2026-01-05\n\n- The thesis is on sleep.");
		expect(await vault.read("memory/archive/2026/2026-01-05.md")).toContain("<!-- promoted: 2026-01-05 -->");
		expect(vault.stat("memory/daily/2026-03-14.md")).not.toBeNull();
		expect(await vault.read("memory/daily/2026-03-15.md")).toMatch(
			/## Heartbeat\n- 21:00 archived 2, promoted 1, kept 0\n/,
		);
		expect(await strandedCandidates(vault)).toEqual([]);
		expect(records().every((record) => record.actor === "heartbeat")).toBe(true);
	});

	it("never strands a candidate in the archive: a day that cannot be promoted stays, and the log says so", async () => {
		// Long-term memory the assistant may not read: no day can be promoted into it.
		const { run, vault } = policyOver({
			"memory/daily/2026-01-05.md": withCandidate("The thesis is on sleep."),
			"memory/daily/2026-01-06.md": "# Day\n\n## Log\n- Read two papers.\n",
			"memory.md": "---\nassistant: private\n---\n# Memory\n",
		});
		const outcome = await run(true);
		expect(outcome).toMatchObject({ kind: "ran", counts: { archived: 1, promotedFirst: 0, keptUnpromoted: 1 } });
		expect(await vault.read("memory/daily/2026-01-05.md")).toBe(withCandidate("The thesis is on sleep."));
		expect(await strandedCandidates(vault)).toEqual([]);
		expect(await vault.read("memory/daily/2026-03-15.md")).toContain("archived 1, promoted 0, kept 1");
	});

	it("writes nothing when there is nothing past the retention", async () => {
		const { run, snapshot } = policyOver({
			"memory/daily/2026-03-14.md": withCandidate("Recent."),
			"memory.md": "# Memory\n",
		});
		const before = await snapshot();
		expect(await run(true)).toMatchObject({ kind: "ran", loggedAt: null });
		expect(await snapshot()).toEqual(before);
	});
});
