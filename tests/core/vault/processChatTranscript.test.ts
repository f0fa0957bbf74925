import { sha256Hex } from "../../../src/core/audit/hash";
import type { WriteIntent } from "../../../src/core/vault/auditedWriter";
import { memoryFixture } from "../memory/fixture";

const NOW = "2026-03-15T12:00:00.000Z";
const intent: WriteIntent = { actor: "assistant", reason: "Save the chat transcript" };
const CHATS = "Assistant/chats";
const TRANSCRIPT = "Assistant/chats/2026-03-15 1200 Hi.md";

const FILES: Record<string, string> = {
	[TRANSCRIPT]: "---\ntokens:\n  input: 10\n---\n\n## You\n",
	"Notes/mine.md": "My own text.\n",
	"Assistant/memory.md": "# Memory\n",
	"Assistant/chats-old/a.md": "old\n",
	"Assistant/chats/Sub/b.md": "nested\n",
	"Assistant/chats/board.canvas": "{}",
	"Private/chats/c.md": "private\n",
};

describe("AuditedWriter.processChatTranscript", () => {
	it("keeps the totals' change in the trail when the rest of the rewrite fails after them", async () => {
		const { deps, vault, records } = memoryFixture(FILES, NOW);
		const failing = () => {
			throw new Error("the turn could not be written");
		};
		const totals = (properties: Record<string, unknown>) => void (properties.tokens = { input: 25 });
		await expect(deps.writer.processChatTranscript(TRANSCRIPT, CHATS, failing, intent, totals)).rejects.toThrow(
			"the turn could not be written",
		);
		const after = await vault.read(TRANSCRIPT);
		expect(after).toContain("input: 25");
		expect(records()).toMatchObject([
			{
				action: "process",
				path: TRANSCRIPT,
				sha256Before: sha256Hex(FILES[TRANSCRIPT]),
				sha256After: sha256Hex(after),
			},
		]);
	});

	it("rewrites a transcript in the chats folder, text removed included, atomically and audited with the hashes before and after", async () => {
		const { deps, vault, records } = memoryFixture(FILES, NOW);
		const before = FILES[TRANSCRIPT];
		const outcome = await deps.writer.processChatTranscript(
			TRANSCRIPT,
			CHATS,
			(current) => current.replace("input: 10", "input: 25"),
			intent,
		);
		const after = await vault.read(TRANSCRIPT);
		expect(after).toBe("---\ntokens:\n  input: 25\n---\n\n## You\n");
		expect(records()).toEqual([
			{
				time: NOW,
				actor: "assistant",
				action: "process",
				path: TRANSCRIPT,
				bytes: after.length,
				sha256Before: sha256Hex(before),
				sha256After: sha256Hex(after),
				reason: intent.reason,
			},
		]);
		expect(outcome).toEqual({ path: TRANSCRIPT, changed: true, record: records()[0] });
		// Below the chats folder, a subfolder is still the assistant's.
		await deps.writer.processChatTranscript("Assistant/chats/Sub/b.md", CHATS, () => "rewritten\n", intent);
		expect(await vault.read("Assistant/chats/Sub/b.md")).toBe("rewritten\n");
	});

	it.each([
		["a note of the user's", "Notes/mine.md"],
		["the assistant's memory, outside the chats folder", "Assistant/memory.md"],
		["a folder whose name only starts like it", "Assistant/chats-old/a.md"],
		["a file that is not a note", "Assistant/chats/board.canvas"],
		["the chats folder itself", CHATS],
	])("refuses %s (%s) before reading it, writing and logging nothing", async (_, path) => {
		const { deps, log, snapshot } = memoryFixture(FILES, NOW);
		const files = await snapshot();
		const transform = jest.fn(() => "");
		await expect(deps.writer.processChatTranscript(path, CHATS, transform, intent)).rejects.toMatchObject({
			name: "WriteRefusedError",
			refusal: "not-assistant-owned",
		});
		expect(transform).not.toHaveBeenCalled();
		expect(await snapshot()).toEqual(files);
		expect(log.text).toBe("");
	});

	it("passes the path and the chats folder through the containment guard: no climbing out, no private folder, no vault root as the chats folder", async () => {
		const { deps, log } = memoryFixture(FILES, NOW, ["Private"]);
		const cases: [string, string][] = [
			["Assistant/chats/../memory.md", CHATS],
			["/Assistant/chats/x.md", CHATS],
			["Private/chats/c.md", "Private/chats"],
			["Notes/mine.md", ""],
			["Notes/mine.md", "/"],
		];
		for (const [path, folder] of cases) {
			await expect(deps.writer.processChatTranscript(path, folder, () => "", intent)).rejects.toMatchObject({
				name: "ContainmentError",
			});
		}
		expect(log.text).toBe("");
	});
});
