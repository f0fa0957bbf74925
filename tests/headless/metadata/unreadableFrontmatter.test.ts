import * as fs from "fs";
import * as path from "path";
import { computeMetadata } from "../../../headless/metadata";
import { seededRandom } from "../../core/agent/tools/writeToolFixture";

/**
 * A frontmatter block that is there but cannot be read gives what Obsidian's cache shows for it:
 * no properties, but the block still counts as the note's first (`yaml`) section, so the body's
 * positions and the privacy rules' "unreadable" verdict both follow from it.
 */
const UNREADABLE: Record<string, string> = {
	"duplicate keys": "assistant: private\nassistant: public\n",
	"a value with a colon": "title: a: b\n",
	"tabs in indentation": "tags:\n\t- private\n",
	"an unclosed quote": 'title: "never closed\n',
	"an unclosed bracket": "tags: [private, work\n",
	"an alias bomb": [
		'a: &a ["x","x","x","x","x","x","x","x","x"]',
		...["b", "c", "d", "e", "f", "g", "h", "i"].map((name, index) => {
			const previous = "abcdefgh"[index];
			return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(",")}]`;
		}),
		"",
	].join("\n"),
	"a value that contains itself": "loop: &self [*self]\n",
	"flow brackets nested 100,000 deep": `deep: ${"[".repeat(100_000)}\n`,
	"closed flow brackets nested 100,000 deep": `deep: ${"[".repeat(100_000)}${"]".repeat(100_000)}\n`,
	"block mappings nested 3,000 deep": `${Array.from({ length: 3000 }, (_, level) => `${" ".repeat(level)}k:`).join("\n")} 1\n`,
};

const GENEROUS_MS = 5_000;

describe("a frontmatter block that does not parse", () => {
	it.each(Object.entries(UNREADABLE))("with %s has no properties but a yaml section, quickly", (_name, yaml) => {
		const content = `---\n${yaml}---\n# Body\n`;
		const started = Date.now();
		const cache = computeMetadata(content);
		expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
		expect(cache.frontmatter).toBeUndefined();
		expect(cache.frontmatterPosition).toBeUndefined();
		expect(cache.frontmatterLinks).toBeUndefined();
		const blockEnd = content.indexOf("---\n# Body") + 3;
		expect(cache.sections?.[0]).toEqual({
			type: "yaml",
			position: { start: { line: 0, col: 0, offset: 0 }, end: expect.objectContaining({ offset: blockEnd }) },
		});
		expect(cache.headings?.map((heading) => heading.heading)).toEqual(["Body"]);
	});

	it("still reads a block that nests a few levels and links from inside", () => {
		const cache = computeMetadata('---\nproject:\n  links: ["[[Plan]]", {see: "[[Spec]]"}]\n---\n');
		expect(cache.frontmatterLinks?.map((link) => [link.key, link.link])).toEqual([
			["project.links.0", "Plan"],
			["project.links.1.see", "Spec"],
		]);
	});
});

const FIXTURES = path.resolve(__dirname, "../../fixtures/obsidian-metadata");
const PIECES = [
	"---\n",
	"\n",
	"> ",
	"- ",
	"  ",
	"\t",
	"[[",
	"]]",
	"[",
	"]",
	"(",
	")",
	"`",
	"```",
	"%%",
	"$$",
	"<!--",
	"-->",
	"<div>",
	"#",
	"^id",
	"&a ",
	"*a",
	": ",
	'"',
	"'",
	"{",
	"}",
	"|",
	"\r\n",
	"\u0000",
	"\ufeff",
	"😀",
];

function mutate(text: string, random: () => number): string {
	let result = text;
	const edits = 1 + Math.floor(random() * 8);
	for (let edit = 0; edit < edits; edit++) {
		const at = Math.floor(random() * (result.length + 1));
		const choice = random();
		if (choice < 0.4) result = result.slice(0, at) + PIECES[Math.floor(random() * PIECES.length)] + result.slice(at);
		else if (choice < 0.7) result = result.slice(0, at) + result.slice(at + 1 + Math.floor(random() * 20));
		else
			result =
				result.slice(0, at) + result.slice(at, at + 40).repeat(2 + Math.floor(random() * 4)) + result.slice(at + 40);
	}
	return result;
}

function randomText(random: () => number): string {
	let text = "";
	const length = Math.floor(random() * 300);
	for (let i = 0; i < length; i++) {
		text +=
			random() < 0.5
				? PIECES[Math.floor(random() * PIECES.length)]
				: String.fromCharCode(Math.floor(random() * 0xd7ff));
	}
	return text;
}

describe("computeMetadata on any string", () => {
	const notes = fs
		.readdirSync(FIXTURES)
		.filter((name) => name.endsWith(".json"))
		.map(
			(name) =>
				(JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8")) as { fileContents: string }).fileContents,
		);

	it("never throws on mutations of the recorded notes", () => {
		const random = seededRandom(20261201);
		for (let trial = 0; trial < 3000; trial++) {
			const note = mutate(notes[trial % notes.length], random);
			expect(() => computeMetadata(note)).not.toThrow();
		}
	});

	it("never throws on random strings, with or without a frontmatter fence", () => {
		const random = seededRandom(7);
		for (let trial = 0; trial < 3000; trial++) {
			const text = randomText(random);
			expect(() => computeMetadata(text)).not.toThrow();
			expect(() => computeMetadata(`---\n${text}\n---\n`)).not.toThrow();
		}
	});
});
