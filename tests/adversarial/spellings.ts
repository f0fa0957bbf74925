/** The ways people write what hides a note, and the ways properties break: shared by the adversarial tests. */

/** `assistant: private` as people write it: any case or width of key and value, quoted, padded, in a list, with what they do not see. */
export const PRIVATE_FLAGS = [
	"assistant: private",
	"Assistant: PRIVATE",
	'assistant: " Private"',
	"ASSISTANT: ｐｒｉｖａｔｅ",
	"assistant: Private.",
	"assistant: [draft, private]",
	"assistant:\n  - private",
	"assistant: private\u200B",
	"assistant: “private”",
	"assistant: PRİVATE",
	"assistant: private; draft",
];

/** Properties that do not parse, each on its own: a note with any of them counts as private. */
export const BREAKING_PROPERTIES = [
	"assistant: public\nassistant: public",
	"title: a: b",
	'title: "unclosed',
	"tags: [unclosed",
	"list:\n\t- tabbed",
	"a: &x [*x, *x, *x]\nb: *y",
	"just a sentence",
	`deep: ${"[".repeat(2000)}`,
];

/** Lines that break YAML or only make it strange, without closing the block (no `---`): damage around a flag. */
export const DAMAGING_LINES = [
	...BREAKING_PROPERTIES,
	"title: 'unclosed",
	"tags: {unclosed",
	"\ttabbed: value",
	"assistant: public",
	"assistant: private",
	"tags: [a, b]\ntags: [c]",
	"a: &anchor [*anchor]",
	"a: &x [1, 2]\nb: [*x, *x, *x, *x]\nc: [*b, *b, *b, *b]",
	`deep: ${"{a: ".repeat(500)}1${"}".repeat(500)}`,
	"- a list item",
	"? complex key",
	": no key",
	"key with spaces: fine",
	"émoji: 🦓",
	"\u0000nul: x",
	"  indented: oddly",
	"%YAML 1.2",
	"!!binary x",
	"key: |\n  block scalar\n  more",
	"key: >-\n  folded",
	"'quoted key': 1",
	"123: number key",
	"null: ~",
	"ｔｉｔｌｅ: wide",
];
