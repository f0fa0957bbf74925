import { inferTaxonomy } from "../../../src/core/organize/taxonomy";
import { vaultMap } from "../../../src/core/organize/vaultMap";
import { vaultMapPath, writeVaultMap } from "../../../src/core/organize/vaultMapText";
import { translateIn } from "../../../src/i18n";
import { organizeFixture } from "./fixture";

const en = (key: Parameters<typeof translateIn>[1], params?: Readonly<Record<string, string | number>>) =>
	translateIn("en", key, params ?? {});
const zh = (key: Parameters<typeof translateIn>[1], params?: Readonly<Record<string, string | number>>) =>
	translateIn("zh", key, params ?? {});

const VAULT = {
	"Projects/Projects.md": "# Projects\nEverything I am working on this year.\n",
	"Projects/Thesis.md": "# Thesis\n",
	"Notes/a.md": "[[Thesis]] #sleep",
	"Notes/b.md": "[[Thesis]] [[c]] #sleep",
	"Notes/c.md": "#reading",
	"Private/Health.md": "---\nassistant: private\n---\n[[c]]",
};

describe("vault map", () => {
	it("describes each folder: role, note count, a line from its folder note or its tags, the most linked notes; private notes left out", async () => {
		const { organize } = organizeFixture(VAULT);
		const summaries = await vaultMap(organize, inferTaxonomy(organize));
		expect(summaries).toEqual([
			{
				folder: "Notes",
				role: "notes",
				notes: 3,
				privateNotes: 0,
				description: [
					{ key: "vault-map.description.notes" },
					{ key: "vault-map.description.tagged", params: { tags: "#sleep" } },
				],
				mostLinked: ["Notes/c.md"],
			},
			// A folder of private notes holds notes the assistant does not read: counted, never named.
			{
				folder: "Private",
				role: "notes",
				notes: 0,
				privateNotes: 1,
				description: [{ key: "vault-map.description.notes" }],
				mostLinked: [],
			},
			{
				folder: "Projects",
				role: "projects",
				notes: 2,
				privateNotes: 0,
				description: [
					{ key: "vault-map.description.folder-note", params: { text: "Everything I am working on this year." } },
				],
				mostLinked: ["Projects/Thesis.md"],
			},
		]);
	});

	it("keeps what the user wrote around the generated table when it is refreshed, and writes nothing when nothing changed", async () => {
		const fixture = organizeFixture(VAULT);
		const map = async () => vaultMap(fixture.organize, inferTaxonomy(fixture.organize));
		await writeVaultMap(fixture.deps, fixture.organize.layout, await map(), en, "user");
		const path = vaultMapPath(fixture.organize.layout, en);
		expect(path).toBe("Vault map.md");
		await fixture.vault.process(path, (text) => `My own words above.\n\n${text}\nAnd below.\n`);
		await fixture.vault.create("Notes/d.md", "new");
		const refreshed = await writeVaultMap(fixture.deps, fixture.organize.layout, await map(), en, "user");
		const text = await fixture.vault.read(path);
		expect(refreshed.changed).toBe(true);
		expect(text.startsWith("My own words above.\n\n# Vault map\n")).toBe(true);
		expect(text.endsWith("\nAnd below.\n")).toBe(true);
		expect(text).toContain("> | Notes | Notes | 4 |");
		expect(text).toContain("[[Projects/Thesis\\|Thesis]]");
		const again = await writeVaultMap(fixture.deps, fixture.organize.layout, await map(), en, "user");
		expect(again.changed).toBe(false);
		expect(fixture.records().map((record) => record.action)).toEqual(["create", "process"]);
	});

	it("names a new map note in the interface language, and keeps up one made under the other language's name instead of making a second", async () => {
		const fixture = organizeFixture(VAULT);
		const map = async () => vaultMap(fixture.organize, inferTaxonomy(fixture.organize));
		const made = await writeVaultMap(fixture.deps, fixture.organize.layout, await map(), zh, "user");
		expect(made.path).toBe("仓库地图.md");
		expect(await fixture.vault.read("仓库地图.md")).toMatch(/^# 仓库地图\n/);

		// The user switches to English: the Chinese-named note is the map, refreshed where it is.
		await fixture.vault.create("Notes/d.md", "new");
		const refreshed = await writeVaultMap(fixture.deps, fixture.organize.layout, await map(), en, "user");
		expect(refreshed).toMatchObject({ path: "仓库地图.md", changed: true });
		expect(fixture.vault.stat("Vault map.md")).toBeNull();
		expect(await fixture.vault.read("仓库地图.md")).toContain("> | Notes | Notes | 4 |");
	});

	it("counts no link of the map note, under either language's name, as a vote for the most linked", async () => {
		const { organize } = organizeFixture({ ...VAULT, "仓库地图.md": "[[b]] [[b]]", "Notes/e.md": "" });
		const notes = (await vaultMap(organize, inferTaxonomy(organize))).find((summary) => summary.folder === "Notes");
		expect(notes?.mostLinked).toEqual(["Notes/c.md"]);
	});
});
