import { chatWelcome } from "../../../../src/core/agent/welcome/chatWelcome";
import { layoutFor } from "../../../../src/core/workspace/layout";
import { MemoryVault, type SeedFile } from "../../../../headless/inMemory/memoryVault";
import { viewOf } from "../../../harness/viewOf";

const DAY = 86_400_000;
const at = (daysAgo: number, content: string): SeedFile => ({ content, mtime: Date.UTC(2026, 10, 30) - daysAgo * DAY });

const IDENTITY: Record<string, SeedFile> = {
	"Assistant/soul.md": at(0, "# Soul"),
	"Assistant/user.md": at(0, "# User"),
	"Assistant/claude.md": at(0, "# Rules"),
};

function welcomeOf(files: Record<string, SeedFile>, settings: Parameters<typeof viewOf>[1] = {}, folder = "Assistant") {
	const layout = layoutFor(folder);
	const welcome = chatWelcome(viewOf(new MemoryVault({ files }), settings, layout), layout);
	return { needsSetup: welcome.needsSetup, topics: welcome.topics() };
}

describe("chatWelcome: what the empty chat offers", () => {
	it("asks to set the assistant up while soul.md, user.md or claude.md is missing, and not once all three are there", () => {
		expect(welcomeOf({}).needsSetup).toBe(true);
		expect(welcomeOf({ "Assistant/soul.md": "s", "Assistant/claude.md": "c" }).needsSetup).toBe(true);
		expect(welcomeOf(IDENTITY).needsSetup).toBe(false);
		// The aliases count, matched as the rest of the plugin matches them.
		expect(
			welcomeOf({ "Assistant/SOUL.md": "s", "Assistant/PROFILE.md": "u", "Assistant/AGENTS.md": "r" }).needsSetup,
		).toBe(false);
	});

	it("finds identity files spelled in another case in the assistant's folder, and none of its subfolders or elsewhere", () => {
		expect(
			welcomeOf({ "Assistant/Soul.md": "s", "Assistant/USER.md": "u", "Assistant/Claude.md": "c" }).needsSetup,
		).toBe(false);
		expect(
			welcomeOf({ "Assistant/soul.md": "s", "Assistant/old/user.md": "u", "soul.md": "s", "claude.md": "c" })
				.needsSetup,
		).toBe(true);
	});

	it("never counts an identity file the rules hide: one marked private, tagged private, or in a private folder", () => {
		const hidden = (soul: string, folder = "Assistant") =>
			welcomeOf(
				{ [`${folder}/SOUL.md`]: soul, [`${folder}/user.md`]: "u", [`${folder}/claude.md`]: "c" },
				{ excludedFolders: ["Vault/Private"], excludedTags: ["secret"] },
				folder,
			).needsSetup;
		expect(hidden("---\nassistant: private\n---\nwho I am")).toBe(true);
		expect(hidden("who I am #secret")).toBe(true);
		expect(hidden("who I am", "Vault/Private")).toBe(true);
		expect(hidden("who I am")).toBe(false);
	});

	it("takes three topics from the notes changed last, newest first, one a note", () => {
		const { topics } = welcomeOf({
			...IDENTITY,
			"Projects/Thesis chapter 2.md": at(1, "# Method"),
			"Cooking/Brined chicken.md": at(3, "salt"),
			"Trips/Kayak route.md": at(2, "river"),
			"Old/Taxes 2019.md": at(400, "receipts"),
		});
		expect(topics).toEqual(["Thesis chapter 2", "Kayak route", "Brined chicken"]);
	});

	it("names a daily note or an untitled one by its first heading, and skips it when it has none", () => {
		const { topics } = welcomeOf({
			"Journal/2026-11-29.md": at(1, "# Call with Dr. Lin\nnotes"),
			"Journal/2026-11-28.md": at(2, "just a line"),
			"Untitled 2.md": at(3, "## Grant budget\n"),
			"Reading list.md": at(4, "books"),
		});
		expect(topics).toEqual(["Call with Dr. Lin", "Grant budget", "Reading list"]);
	});

	it("never takes a hidden note's title, however recent, nor the assistant's own notes", () => {
		const { topics } = welcomeOf(
			{
				...IDENTITY,
				"Assistant/memory/daily/2026-11-30.md": at(0, "# Today"),
				"Private/Divorce lawyer.md": at(0, "x"),
				"Health.md": at(0, "---\nassistant: private\n---\n# Blood test"),
				"Diary.md": at(0, "#secret"),
				"Garden plan.md": at(5, "tomatoes"),
			},
			{ excludedFolders: ["Private"], excludedTags: ["secret"] },
		);
		expect(topics).toEqual(["Garden plan"]);
	});

	it("never takes a topic from a note in a private folder, even the only note changed lately", () => {
		const { topics } = welcomeOf(
			{ ...IDENTITY, "Work/Clients/Acme merger.md": at(0, "# Acme"), "Recipes.md": at(90, "soup") },
			{ excludedFolders: ["Work/Clients"] },
		);
		expect(topics).toEqual(["Recipes"]);
	});

	it("with the assistant at the vault root, leaves out its identity files and memory, not the user's notes beside them", () => {
		const { topics } = welcomeOf(
			{
				"soul.md": at(0, "s"),
				"memory.md": at(0, "m"),
				"memory/daily/2026-11-30.md": at(0, "# Day"),
				"chats/Chat 1.md": at(0, "c"),
				"Prompts/Summarize.md": at(0, "Summarize {{note}}"),
				"Lab notebook.md": at(2, "pcr"),
			},
			{},
			"",
		);
		expect(topics).toEqual(["Lab notebook"]);
	});

	it("offers the same topic once, though two notes share it", () => {
		const { topics } = welcomeOf({ "A/Budget.md": at(1, "a"), "B/budget.md": at(2, "b"), "Plan.md": at(3, "c") });
		expect(topics).toEqual(["Budget", "Plan"]);
	});
});
