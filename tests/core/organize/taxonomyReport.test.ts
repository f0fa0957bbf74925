import { inferTaxonomy } from "../../../src/core/organize/taxonomy";
import { LARGE_FOLDER_NOTES, taxonomyReportText, taxonomySuggestions } from "../../../src/core/organize/taxonomyReport";
import { translateIn } from "../../../src/i18n";
import { organizeFixture } from "./fixture";

const en = (key: Parameters<typeof translateIn>[1], params?: Readonly<Record<string, string | number>>) =>
	translateIn("en", key, params ?? {});

function suggestionsFor(files: Record<string, string>, folders: string[] = []) {
	const { organize } = organizeFixture(files, { folders });
	return taxonomySuggestions(organize, inferTaxonomy(organize));
}

describe("taxonomy suggestions", () => {
	it("names a folder grown too large, with the tags that could split it", () => {
		const many = Object.fromEntries(
			Array.from({ length: LARGE_FOLDER_NOTES + 1 }, (_, n) => [`Notes/n${n}.md`, n % 3 === 0 ? "#sleep" : "#diet"]),
		);
		expect(suggestionsFor(many)).toContainEqual({
			kind: "large-folder",
			folder: "Notes",
			notes: LARGE_FOLDER_NOTES + 1,
			tags: ["diet", "sleep"],
		});
	});

	it("names folders left empty, but never an empty inbox", () => {
		const found = suggestionsFor({ "Notes/a.md": "a" }, ["Old", "Old/Older", "Inbox"]);
		expect(found).toEqual([
			{ kind: "empty-folder", folder: "Old" },
			{ kind: "empty-folder", folder: "Old/Older" },
		]);
	});

	it("never calls a folder of private notes empty: it says how many notes the assistant does not read, and never their names", () => {
		const { organize } = organizeFixture({
			"Notes/a.md": "a",
			"Diary/2026-11-01.md": "---\nassistant: private\n---\nSECRET",
		});
		const found = taxonomySuggestions(organize, inferTaxonomy(organize));
		expect(found).toContainEqual({ kind: "private-folder", folder: "Diary", notes: 1 });
		expect(found).not.toContainEqual(expect.objectContaining({ kind: "empty-folder", folder: "Diary" }));
		const text = taxonomyReportText(found, "2026-11-28", en);
		expect(text).toContain(
			"Diary holds 1 note the assistant does not read (private): it is not empty, and nothing is suggested for it.",
		);
		expect(text).not.toMatch(/2026-11-01|SECRET/);
	});

	it("names a frequent tag that no folder is named after, and where its notes live now", () => {
		const files = {
			...Object.fromEntries(
				Array.from({ length: 5 }, (_, n) => [`${n < 3 ? "Notes" : "Journal"}/t${n}.md`, "#travel #recipes"]),
			),
			"Resources/Recipes/Tart.md": "#recipes",
		};
		expect(suggestionsFor(files)).toEqual([
			{ kind: "tag-as-folder", tag: "travel", notes: 5, folders: ["Notes", "Journal"] },
		]);
	});

	it("writes the report as a note for the user to read", () => {
		const text = taxonomyReportText([{ kind: "empty-folder", folder: "Old" }], "2026-11-28", en);
		expect(text).toBe(
			"# Taxonomy suggestions, 2026-11-28\n\nSuggestions only: nothing was moved or created. Change what you agree with yourself.\n\n- Old is empty: remove it, or keep it for notes to come.\n",
		);
		expect(taxonomyReportText([], "2026-11-28", en)).toContain("Nothing to suggest");
	});
});
