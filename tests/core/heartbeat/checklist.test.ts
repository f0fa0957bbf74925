import { isChecklistEmpty } from "../../../src/core/heartbeat/checklist";
import { templatesFor } from "../../../src/core/workspace/templates";

describe("an empty checklist", () => {
	it.each([
		["nothing at all", ""],
		["blank lines", "\n  \n\t\n"],
		["only headings", "# Heartbeat\n\n## Checklist\n### Later\n"],
		["empty list items", "# Heartbeat\n- \n*\n+\n1.\n2)\n"],
		["empty task boxes", "- [ ]\n- [x]\n* [ ]  \n[ ]\n1. [ ]\n  - [ ]\n"],
		[
			"an HTML comment holding example items",
			"# Heartbeat\n<!--\n- [ ] Remind me of deadlines\n-->\n## Checklist\n- [ ]\n",
		],
		["an unclosed comment", "# Heartbeat\n<!-- - [ ] Remind me of deadlines\n- [ ] Ask about the thesis"],
		["a comment on the line of a box", "- [ ] <!-- e.g. call mom -->"],
		["properties and a rule", "---\ntags: [assistant]\n---\n# Heartbeat\n\n---\n- [ ]\n"],
		["CRLF line ends", "# Heartbeat\r\n\r\n- [ ]\r\n"],
	])("%s counts as empty", (_, text) => {
		expect(isChecklistEmpty(text)).toBe(true);
	});

	it.each(["en", "zh"] as const)(
		"the %s template's HEARTBEAT.md counts as empty: a fresh workspace never speaks up",
		(language) => {
			expect(isChecklistEmpty(templatesFor(language).heartbeat)).toBe(true);
		},
	);

	it.each([
		["a task", "# Heartbeat\n- [ ] Remind me to call mom on Sundays\n"],
		["a checked task with text", "- [x] Water the plants"],
		["a plain line", "Check the thesis deadline"],
		["a Chinese item", "## 清单\n- [ ] 提醒我交论文\n"],
		["text after a comment", "<!-- note -->Ask about the dentist"],
		["a numbered item", "1. Follow up with Dr. Lin"],
		["a quote", "> Ask me how the run went"],
	])("%s is a real checklist", (_, text) => {
		expect(isChecklistEmpty(text)).toBe(false);
	});
});
