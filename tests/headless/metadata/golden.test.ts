import * as fs from "fs";
import type { CachedMetadata } from "obsidian";
import * as path from "path";
import type { NoteMetadata } from "../../../src/core/metadata";
import { computeMetadata, getAllTags, parseFrontMatterTags } from "../../../headless/metadata";

/**
 * Golden test against notes recorded in real Obsidian, kept in the repository
 * (`tests/fixtures/obsidian-metadata/`, with their source and license in `SOURCE.md`).
 */
const FIXTURES = path.resolve(__dirname, "../../fixtures/obsidian-metadata");

interface Recording {
	readonly fileContents: string;
	readonly cachedMetadata: CachedMetadata;
	readonly getAllTags: string[] | null;
	readonly parseFrontMatterTags: string[] | null;
}

const CACHE_FIELDS = [
	"frontmatter",
	"frontmatterPosition",
	"frontmatterLinks",
	"tags",
	"links",
	"embeds",
	"headings",
	"sections",
	"blocks",
	"listItems",
] as const satisfies ReadonlyArray<keyof CachedMetadata>;

const fixtureFiles = fs
	.readdirSync(FIXTURES)
	.filter((name) => name.endsWith(".json"))
	.sort();

function readRecording(file: string): Recording {
	return JSON.parse(fs.readFileSync(path.join(FIXTURES, file), "utf8")) as Recording;
}

// Compile-time check: what the harness produces is what the domain reads.
const asNoteMetadata = (cache: CachedMetadata): NoteMetadata => cache;

describe("computeMetadata against Obsidian's recordings", () => {
	it("finds the recordings", () => {
		expect(fixtureFiles.length).toBeGreaterThan(0);
	});

	it.each(fixtureFiles)("%s", (file) => {
		const recording = readRecording(file);
		const actual = computeMetadata(recording.fileContents);
		for (const field of CACHE_FIELDS) {
			// Wrapped so that a failure names the field.
			expect({ [field]: actual[field] }).toEqual({ [field]: recording.cachedMetadata[field] });
		}
		expect({ getAllTags: getAllTags(actual) }).toEqual({ getAllTags: recording.getAllTags });
		expect({ parseFrontMatterTags: parseFrontMatterTags(actual.frontmatter) }).toEqual({
			parseFrontMatterTags: recording.parseFrontMatterTags,
		});
		expect(asNoteMetadata(actual)).toBe(actual);
	});
});
