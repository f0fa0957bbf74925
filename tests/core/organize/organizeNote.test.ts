import { applyMove } from "../../../src/core/organize/organizeMove";
import { inboxNotes, suggestOrganize } from "../../../src/core/organize/organizeNote";
import type { TextModel } from "../../../src/core/model/textModel";
import { organizeFixture } from "./fixture";

const VAULT = {
	"Projects/Thesis.md": "# Thesis\n",
	"Projects/Kitchen.md": "# Kitchen\n",
	"Notes/Sleep.md": "# Sleep\n[[Inbox/Lab booking]]\n",
	"Notes/Memory.md": "# Memory\n",
	"Resources/Recipes/Soup.md": "# Soup\n",
	"Archive/Old.md": "# Old\n",
	"Inbox/Lab booking.md": "Booked the lab for [[Thesis]].\n",
	"Inbox/Spaced.md": "See [[Sleep]] and [[Memory]].\n",
	"Inbox/Recipe idea.md": "#recipes\nMore soup.\n",
	"Inbox/Done thing.md": "---\nstatus: done\n---\nFinished.\n",
	"Inbox/2026-11-20.md": "What I did.\n",
	"Inbox/Lonely.md": "Nothing here.\n",
	"Inbox/Secret.md": "---\nassistant: private\n---\nDo not touch.\n",
	"Journal/2026-11-19.md": "",
	"Welcome.md": "Start with [[Lab booking]] and [[Inbox/Spaced|spaced]].\n",
};

describe("organize: where a note belongs, and the move", () => {
	it("classifies each inbox note by its links, tags, status and title, with reasons, and skips private notes", async () => {
		const { organize, deps } = organizeFixture(VAULT);
		const suggestions = await suggestOrganize(organize, deps.writer, inboxNotes(organize, "Inbox"), null);
		const folders = Object.fromEntries(
			suggestions.map((item) => [item.path, [item.classification.folder, item.classification.role]]),
		);
		expect(folders).toEqual({
			"Inbox/2026-11-20.md": ["Journal", "journal"],
			"Inbox/Done thing.md": ["Archive", "archive"],
			"Inbox/Lab booking.md": ["Projects", "projects"],
			"Inbox/Lonely.md": ["Notes", "notes"],
			"Inbox/Recipe idea.md": ["Resources/Recipes", "resources"],
			"Inbox/Spaced.md": ["Notes", "notes"],
		});
		const lab = suggestions.find((item) => item.path === "Inbox/Lab booking.md");
		expect(lab?.classification.reasons[0]).toEqual({
			key: "organize.reason.project-link",
			params: { note: "Thesis", folder: "Projects" },
		});
		const lonely = suggestions.find((item) => item.path === "Inbox/Lonely.md");
		expect(lonely?.classification.confidence).toBeLessThan(0.3);
	});

	it("moves a note with every link to it updated, audited, never over an existing note", async () => {
		const fixture = organizeFixture({ ...VAULT, "Projects/Lab booking.md": "Someone else's note.\n" });
		const [suggestion] = await suggestOrganize(fixture.organize, fixture.deps.writer, ["Inbox/Lab booking.md"], null);
		expect(suggestion.plan).toEqual({
			from: "Inbox/Lab booking.md",
			to: "Projects/Lab booking 2.md",
			linkingNotes: ["Notes/Sleep.md", "Welcome.md"],
			verifiedNotes: [],
			privateVerifiedNotes: 0,
		});
		await applyMove(fixture.deps.writer, suggestion.plan, "user");
		const after = await fixture.snapshot();
		expect(after["Projects/Lab booking 2.md"]).toBe("Booked the lab for [[Thesis]].\n");
		expect(after["Projects/Lab booking.md"]).toBe("Someone else's note.\n");
		expect(after["Inbox/Lab booking.md"]).toBeUndefined();
		expect(after["Notes/Sleep.md"]).toBe("# Sleep\n[[Lab booking 2]]\n");
		expect(after["Welcome.md"]).toContain("[[Lab booking 2]]");
		expect(fixture.vault.resolveLink("Lab booking 2", "Welcome.md")).toBe("Projects/Lab booking 2.md");
		expect(fixture.records()).toEqual([
			expect.objectContaining({
				action: "move",
				from: "Inbox/Lab booking.md",
				path: "Projects/Lab booking 2.md",
				actor: "user",
			}),
		]);
	});

	it("asks the model when there is one, keeping only an answer that names a folder it may use", async () => {
		const { organize, deps } = organizeFixture(VAULT);
		const prompts: string[] = [];
		const answering = (answer: string): TextModel => ({
			complete: (request) => {
				prompts.push(request.prompt);
				return Promise.resolve(answer);
			},
		});
		const [moved] = await suggestOrganize(
			organize,
			deps.writer,
			["Inbox/Lonely.md"],
			answering('{"folder": "Archive", "why": "An old thought."}'),
		);
		expect(moved.classification).toEqual({
			folder: "Archive",
			role: "archive",
			confidence: 0.75,
			reasons: [{ key: "organize.reason.model", params: { why: "An old thought." } }],
		});
		expect(prompts[0]).toContain("Nothing here.");
		expect(prompts[0]).not.toContain("- Inbox");
		const [kept] = await suggestOrganize(
			organize,
			deps.writer,
			["Inbox/Lonely.md"],
			answering('{"folder": "../outside"}'),
		);
		expect(kept.classification.folder).toBe("Notes");
		const failing: TextModel = { complete: () => Promise.reject(new Error("overloaded")) };
		const [fallback] = await suggestOrganize(organize, deps.writer, ["Inbox/Lonely.md"], failing);
		expect([fallback.classification.folder, String(fallback.modelError)]).toEqual(["Notes", "Error: overloaded"]);
		expect(await suggestOrganize(organize, deps.writer, ["Inbox/Secret.md"], answering("{}"))).toEqual([]);
		expect(prompts.some((prompt) => prompt.includes("Do not touch"))).toBe(false);
	});
});
