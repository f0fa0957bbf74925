import { userDailyNotesTarget } from "../../src/obsidian/userDailyNotes";
import { App } from "../../sandbox/obsidianApi/app";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { viewOf } from "../harness/viewOf";

const FILES = {
	"Templates/Day.md": "# {{date:dddd}}\n\n## Plan\n",
	"Private/Day.md": "# {{date}}\n\nSECRET-template\n",
	"Templates/Flagged.md": "---\nassistant: private\n---\nSECRET-flagged-template\n",
};

async function todayNote(template: string): Promise<string> {
	const vault = new MemoryVault({ files: FILES });
	const app = new App(vault);
	app.internalPlugins.enable("daily-notes", { folder: "Journal", format: "YYYY-MM-DD", template });
	const target = await userDailyNotesTarget(
		app as never,
		viewOf(vault, { excludedFolders: ["Private"] }),
		"2026-11-27",
	);
	return target.template;
}

describe("daily memory in the user's daily notes", () => {
	it("fills the Daily notes plugin's template for today", async () => {
		expect(await todayNote("Templates/Day")).toBe("# Friday\n\n## Plan\n");
	});

	it("never copies a private template into the day's visible note", async () => {
		expect(await todayNote("Private/Day")).toBe("");
		expect(await todayNote("Templates/Flagged")).toBe("");
	});
});
