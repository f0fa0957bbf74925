import { parseOnboardingCompletion } from "../../../src/core/onboarding";
import { setLanguage, t } from "../../../src/i18n";

const ANSWERS = { name: "Mina", role: "PhD student" };

function block(json: string, { open = "```onboarding-complete", close = "```", newline = "\n" } = {}): string {
	return [
		"Thanks, that's enough to set things up.",
		"",
		open,
		...json.split("\n"),
		close,
		"",
		"I'll write your files now.",
	].join(newline);
}

describe("the onboarding-complete block", () => {
	it("reads plain JSON", () => {
		expect(parseOnboardingCompletion(block('{"name": "Mina", "role": "PhD student"}'))).toEqual({
			kind: "complete",
			answers: ANSWERS,
		});
	});

	it("finds nothing in a message without the block: onboarding goes on", () => {
		expect(parseOnboardingCompletion("What should I call you?")).toEqual({ kind: "none" });
		expect(parseOnboardingCompletion('```json\n{"name": "Mina"}\n```')).toEqual({ kind: "none" });
	});

	it.each([
		["CRLF line ends", block('{\n  "name": "Mina",\n  "role": "PhD student"\n}', { newline: "\r\n" })],
		["spaces after the tag", block('{"name": "Mina", "role": "PhD student"}', { open: "```onboarding-complete   \t" })],
		[
			"a space between the fence and the tag",
			block('{"name": "Mina", "role": "PhD student"}', { open: "``` onboarding-complete" }),
		],
		["an indented closing fence", block('{"name": "Mina", "role": "PhD student"}', { close: "    ```" })],
		["spaces after the closing fence", block('{"name": "Mina", "role": "PhD student"}', { close: "```  " })],
		[
			"four-backtick fences",
			block('{"name": "Mina", "role": "PhD student"}', { open: "````onboarding-complete", close: "````" }),
		],
		[
			"a tilde fence",
			block('{"name": "Mina", "role": "PhD student"}', { open: "~~~onboarding-complete", close: "~~~" }),
		],
		["the tag in capitals", block('{"name": "Mina", "role": "PhD student"}', { open: "```Onboarding-Complete" })],
		["trailing commas", block('{\n  "name": "Mina",\n  "role": "PhD student",\n}')],
		["single quotes", block("{'name': 'Mina', 'role': 'PhD student'}")],
		["curly quotes", block("{“name”: “Mina”, “role”: “PhD student”}")],
		["**bold** values", block('{"name": "**Mina**", "role": **PhD student**}')],
		["bold around quotes", block('{"name": **"Mina"**, "role": __PhD student__}')],
		["**bold** keys", block('{"**name**": "Mina", "role": "PhD student"}')],
		["keys without quotes", block("{\n  name: Mina,\n  role: PhD student\n}")],
		["a comment", block('{\n  // who the user is\n  "name": "Mina", "role": "PhD student"\n}')],
		["an unclosed block that is whole", '```onboarding-complete\n{"name": "Mina", "role": "PhD student"}'],
	])("forgives %s", (_, message) => {
		expect(parseOnboardingCompletion(message)).toEqual({ kind: "complete", answers: ANSWERS });
	});

	it("keeps free-form keys and values of any shape, Chinese included", () => {
		const message = block(
			[
				"{",
				'  "你是谁": "米娜，博士生",',
				"  称呼：米娜，",
				'  "how I work": ["mornings", \'deep work\', **no meetings**,],',
				'  "notes": {"folders": "few", "tags": true, "projects": 3},',
				"  interests: sleep research, memory, running",
				"}",
			].join("\n"),
		);
		expect(parseOnboardingCompletion(message)).toEqual({
			kind: "complete",
			answers: {
				你是谁: "米娜，博士生",
				称呼: "米娜",
				"how I work": ["mornings", "deep work", "no meetings"],
				notes: { folders: "few", tags: true, projects: 3 },
				interests: "sleep research, memory, running",
			},
		});
	});

	it("keeps text with a line break, escapes and bold inside a value as written", () => {
		const message = block(
			'{"about": "Line one\nline two", "quote": "She said \\"hi\\"", "mixed": "**Mina** and **Jo**"}',
		);
		expect(parseOnboardingCompletion(message)).toEqual({
			kind: "complete",
			answers: { about: "Line one\nline two", quote: 'She said "hi"', mixed: "**Mina** and **Jo**" },
		});
	});

	it("reads the last block when the model sent a corrected one", () => {
		const message = `${block('{"name": "Mina"')}\n\nSorry, again:\n\n${block('{"name": "Mina", "role": "PhD student"}')}`;
		expect(parseOnboardingCompletion(message)).toEqual({ kind: "complete", answers: ANSWERS });
	});

	describe("broken JSON gives a clear result to retry, never an exception", () => {
		afterEach(() => setLanguage("en"));

		it("says where it could not read on", () => {
			const result = parseOnboardingCompletion(block('{\n  "name": "Mina"\n  "role": "PhD student"\n}'));
			expect(result).toEqual({
				kind: "invalid",
				problem: {
					key: "onboarding.block.invalid-json",
					params: { line: 3, column: 3 },
					detail: 'line 3, column 3 of the block: expected "," or "}"',
				},
			});
			expect(t("onboarding.block.invalid-json", { line: 3, column: 3 })).toBe(
				"The assistant's answers could not be read (line 3, column 3). Ask it to send them again.",
			);
			setLanguage("zh");
			expect(t("onboarding.block.invalid-json", { line: 3, column: 3 })).toContain("第 3 行");
		});

		it.each([
			["a string never closed", block('{"name": "Mina}'), "onboarding.block.invalid-json"],
			["a key without a value", block('{"name": }'), "onboarding.block.invalid-json"],
			["an object never closed", block('{"name": "Mina"'), "onboarding.block.invalid-json"],
			["text after the object", block('{"name": "Mina"} and more'), "onboarding.block.invalid-json"],
			["an array, not an object", block('["Mina"]'), "onboarding.block.not-an-object"],
			["a bare word", block("Mina"), "onboarding.block.not-an-object"],
			["an empty block", block("  "), "onboarding.block.empty"],
			[
				"a block cut off before its end",
				'```onboarding-complete\n{"name": "Mina", "role": "Ph',
				"onboarding.block.unclosed",
			],
		])("%s", (_, message, key) => {
			const result = parseOnboardingCompletion(message);
			expect(result.kind).toBe("invalid");
			if (result.kind !== "invalid") return;
			expect(result.problem.key).toBe(key);
			expect(result.problem.detail).not.toBe("");
		});
	});
});
