import { indexOfVault, searchPaths } from "./vaultFixtures";

/** Notes about other things that all use the everyday words of the queries below. */
function everydayNotes(count: number, text: string): Record<string, string> {
	return Object.fromEntries(Array.from({ length: count }, (_, i) => [`Everyday/${i}.md`, `${text} Entry ${i}.`]));
}

describe("weighing the words of a query", () => {
	it("ranks a note with the query's one rare word above a note with more of its common words", () => {
		const index = indexOfVault({
			...everydayNotes(20, "We took the ferry on a trip and saw boats."),
			"Trip log.md": "The ferry trip: we saw the harbour and many boats.",
			"Wildlife.md": "A quokka sat by the path.",
		});
		expect(searchPaths(index, "quokka seen on the ferry trip")[0]).toBe("Wildlife.md");
	});

	it("does not let a title made of a word every note uses outrank the note with the query's rare word", () => {
		const index = indexOfVault({
			...everydayNotes(20, "A note about the week, written as a note."),
			"Note.md": "Where this vault keeps its index of topics.",
			"Extract.md": "To split a long page, select a part and extract it into a new file.",
		});
		expect(searchPaths(index, "split note")[0]).toBe("Extract.md");
	});

	it("counts a word that most bodies use no more in a title than it counts in a body", () => {
		const index = indexOfVault({
			...everydayNotes(20, "Open the settings, change the settings, close the settings."),
			"Settings.md": "Every option of the app, one per line; export is one of them.",
			"Backup.md": "Export your settings to a file: export them before an update, export them again after.",
		});
		expect(searchPaths(index, "export settings")[0]).toBe("Backup.md");
	});

	it("weighs a Japanese query by its nouns, not by its particles and verb endings", () => {
		const index = indexOfVault({
			...everydayNotes(20, "今日は何かありますか。"),
			...Object.fromEntries(
				["一", "二", "三"].map((n) => [`質問${n}.md`, "ほかにはありますか？するべきことはありますか？"]),
			),
			"ファイル復元.md": "スナップショットから復元できます。",
		});
		expect(searchPaths(index, "復元する方法はありますか")[0]).toBe("ファイル復元.md");
	});
});
