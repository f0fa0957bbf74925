/**
 * A `#` that Obsidian never reads as a tag: a heading link (`[[Diet#Secret sauce]]`), a link to
 * a heading of the same note (`[[#Secret]]`), a URL's fragment or query (`page#secret`,
 * `?q=#secret`), an escaped `\#secret`. With `secret` an excluded tag, a note holding only such
 * look-alikes is no private note: the assistant finds it, reads it and may cite it.
 */
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";

const LOOK_ALIKES = [
	"Follow [[Diet#Secret sauce]] for the dressing.",
	"Mix as in [[#Secret]] below.",
	"The recipe is at https://example.com/page#secret and https://example.com/find?q=#secret too.",
	"A hash sign: \\#secret.",
	"After `code` comes [[Diet#Secret sauce]], a link all the same.",
];

describe("a note whose only `#secret` is no tag, with `secret` excluded", () => {
	it.each(LOOK_ALIKES)("stays readable and searchable: %s", async (line) => {
		const { run } = await writeToolsOver(
			{ "Recipes/Salad.md": `# Salad\n\nLettuce and zucchini vinaigrette.\n${line}\n` },
			{ excludedTags: ["secret"] },
		);
		const got = await run("memory_get", { path: "Recipes/Salad.md" });
		expect(got.isError).toBe(false);
		expect(got.text).toContain("zucchini vinaigrette");
		expect((await run("memory_search", { query: "zucchini vinaigrette" })).text).toContain("Recipes/Salad.md");
	});

	it("still hides a note that holds the tag itself beside them", async () => {
		const { run } = await writeToolsOver(
			{
				"Recipes/Salad.md": `# Salad\n\nLettuce and zucchini vinaigrette.\n${LOOK_ALIKES.join("\n")}\nReally #secret.\n`,
			},
			{ excludedTags: ["secret"] },
		);
		expect((await run("memory_get", { path: "Recipes/Salad.md" })).isError).toBe(true);
		expect((await run("memory_search", { query: "zucchini vinaigrette" })).text).not.toContain("Recipes/Salad.md");
	});
});
