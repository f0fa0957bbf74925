import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CachedMetadata } from "obsidian";
import { getLinkpath } from "../../headless/links/linkResolver";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { computeMetadata } from "../../headless/metadata";

describe("The in-memory vault's link maps", () => {
	it("has an entry for every note, none for other files", () => {
		const vault = new MemoryVault({ files: { "lonely.md": "no links", "data.json": "[[not a link]]" } });
		expect(vault.resolvedLinks).toEqual({ "lonely.md": {} });
		expect(vault.unresolvedLinks).toEqual({ "lonely.md": {} });
	});

	it("counts links, embeds and frontmatter links, each target once per link", () => {
		const vault = new MemoryVault({
			files: {
				"Hub.md": "",
				"pic.png": "",
				"note.md": '---\nup: "[[Hub]]"\n---\n[[hub]] [[Hub#Part]] ![[pic.png]] [[Later.md]] [[Later#x]] [x](Gone.md)',
			},
		});
		expect(vault.resolvedLinks["note.md"]).toEqual({ "Hub.md": 3, "pic.png": 1 });
		expect(vault.unresolvedLinks["note.md"]).toEqual({ Later: 2, Gone: 1 });
	});

	it("moves a link between the maps as its target appears and goes", async () => {
		const vault = new MemoryVault({ files: { "note.md": "[[Idea]]" } });
		await vault.create("Inbox/idea.md", "");
		expect(vault.resolvedLinks["note.md"]).toEqual({ "Inbox/idea.md": 1 });
		expect(vault.unresolvedLinks["note.md"]).toEqual({});
		expect(vault.resolvedLinks["Inbox/idea.md"]).toEqual({});
		await vault.trash("Inbox");
		expect(vault.resolvedLinks).toEqual({ "note.md": {} });
		expect(vault.unresolvedLinks).toEqual({ "note.md": { Idea: 1 } });
	});

	it("keeps the same map objects, which Obsidian's callers hold on to", async () => {
		const vault = new MemoryVault({ files: { "a.md": "[[b]]" } });
		const { resolvedLinks, unresolvedLinks } = vault;
		await vault.create("b.md", "");
		expect(vault.resolvedLinks).toBe(resolvedLinks);
		expect(vault.unresolvedLinks).toBe(unresolvedLinks);
		expect(resolvedLinks["a.md"]).toEqual({ "b.md": 1 });
	});

	it("resolves relative and absolute link paths", () => {
		const vault = new MemoryVault({ files: { "a/b/x.md": "", "a/x.md": "", "x.md": "" } });
		expect(vault.resolveLink("./x", "a/b/note.md")).toBe("a/b/x.md");
		expect(vault.resolveLink("../x", "a/b/note.md")).toBe("a/x.md");
		expect(vault.resolveLink("/x", "a/b/note.md")).toBe("x.md");
		expect(vault.resolveLink("/b/x", "a/b/note.md")).toBeNull();
		expect(vault.resolveLink("b/x", "note.md")).toBe("a/b/x.md");
		expect(vault.resolveLink("", "a/x.md")).toBe("a/x.md");
	});

	it("writes a link by name when the name is unique, by path when it is not", () => {
		const vault = new MemoryVault({ files: { "a/Plan.md": "", "b/Plan.md": "", "c/Goal.md": "" } });
		expect(vault.linktext("c/Goal.md", "x.md")).toBe("Goal");
		expect(vault.linktext("c/Goal.md", "x.md", true)).toBe("Goal.md");
		expect(vault.linktext("b/Plan.md", "x.md")).toBe("b/Plan");
	});
});

/** One note as real Obsidian saw it (`tests/fixtures/obsidian-metadata/`). */
interface Recording {
	readonly filePath: string;
	readonly fileContents: string;
	readonly cachedMetadata: CachedMetadata;
	readonly resolveLinkToPath?: Record<string, string | null>;
}

const FIXTURES = join(__dirname, "../fixtures/obsidian-metadata");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as T;

describe("The in-memory vault against Obsidian's recordings", () => {
	const recordings = readdirSync(FIXTURES)
		.filter((file) => file.endsWith(".json"))
		.map((file) => readJson<Recording>(file));
	const recordedResolved = readJson<Record<string, Record<string, number>>>("metadataCache/resolvedLinks.json");
	const recordedUnresolved = readJson<Record<string, Record<string, number>>>("metadataCache/unresolvedLinks.json");

	// The recorded vault, as far as the recordings show it: every note with an entry in the
	// link maps and every file a link resolved to. Notes carry the metadata Obsidian recorded.
	const paths = new Set([...Object.keys(recordedResolved), ...Object.values(recordedResolved).flatMap(Object.keys)]);
	const files = Object.fromEntries([...paths].map((path) => [path, ""]));
	const recordedByContent = new Map<string, CachedMetadata>();
	for (const recording of recordings) {
		files[recording.filePath] = recording.fileContents;
		recordedByContent.set(recording.fileContents, recording.cachedMetadata);
	}
	const vault = new MemoryVault({
		files,
		parseMetadata: (content) => recordedByContent.get(content) ?? computeMetadata(content),
	});

	it.each(recordings.filter((r) => r.resolveLinkToPath).map((r) => [r.filePath, r] as const))(
		"resolves the links of %s where Obsidian did",
		(_, recording) => {
			for (const [link, path] of Object.entries(recording.resolveLinkToPath ?? {})) {
				expect([link, vault.resolveLink(getLinkpath(link), recording.filePath)]).toEqual([link, path]);
			}
		},
	);

	it.each(recordings.map((r) => [r.filePath] as const))("counts the links of %s as Obsidian did", (path) => {
		expect(vault.resolvedLinks[path]).toEqual(recordedResolved[path]);
		expect(vault.unresolvedLinks[path]).toEqual(recordedUnresolved[path]);
	});
});
