/**
 * The archive promises that no candidate for long-term memory is stranded in it. A day promoted
 * early (Promote takes today by default) can gain candidates afterwards: the assistant's
 * `memory_append` adds them at the end of the candidate section, below the day's promotion
 * marker. Those are promoted in a round of their own before the day moves, never taken as
 * promoted by the marker above them.
 */
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import { archiveByPolicy } from "../../src/core/heartbeat/archivePolicy";
import { defaultSettings } from "../../src/core/workspace/data/settings";
import { memoryFixture } from "../core/memory/fixture";

const NOW = "2026-03-15T21:00:00Z";

describe("a candidate added after its day was promoted", () => {
	it("reaches long-term memory before its day is archived", async () => {
		const fixture = memoryFixture(
			{
				"memory/daily/2026-01-05.md":
					"# Day\n\n## Log\n- Worked.\n\n## Candidate long-term memory\n- Early fact.\n<!-- promoted: 2026-01-05 -->\n- Later fact added in the evening.\n",
				"memory.md": "# Memory\n\n## Promoted from 2026-01-05\n\n- Early fact.\n",
			},
			NOW,
		);
		const workspace = new AssistantWorkspace({
			store: fixture.vault,
			metadata: fixture.vault,
			auditFile: fixture.log,
			clock: fixture.deps.clock,
			settings: defaultSettings(),
		});
		await archiveByPolicy(workspace, fixture.deps.clock, true, () => "archived");
		const archived = fixture.vault.stat("memory/archive/2026/2026-01-05.md") !== null;
		expect(archived ? await fixture.vault.read("memory.md") : "kept in the daily folder").toMatch(
			/Later fact added in the evening|kept in the daily folder/,
		);
	});
});
