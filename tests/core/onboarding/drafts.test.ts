import { draftIdentityFiles } from "../../../src/core/onboarding";
import { isChecklistEmpty } from "../../../src/core/heartbeat/checklist";
import { templatesFor } from "../../../src/core/workspace/templates";
import { headings, linesUnder, MINA, MINA_ZH, POLICY, TODAY } from "./onboardingFixture";

const RULE_BLOCKS = ["Time awareness", "Memory rules", "Note conventions", "Writing constraints", "Safety"];
const RULE_BLOCKS_ZH = ["时间感知", "记忆规则", "笔记规范", "写作约束", "操作安全"];

describe("the files onboarding drafts from the answers", () => {
	const draft = draftIdentityFiles(MINA, "en", TODAY, POLICY);

	it("puts the user's words in user.md under the template's sections, and keeps what fits nowhere", () => {
		expect(linesUnder(draft.files.user, "About me")).toEqual(["- Name: Mina"]);
		expect(linesUnder(draft.files.user, "Work and projects")).toEqual([
			"- PhD in sleep research",
			"- chapter 2 of the thesis",
		]);
		expect(linesUnder(draft.files.user, "Current focus")).toEqual(["- finish chapter 2 by May"]);
		expect(linesUnder(draft.files.user, "Also mentioned")).toEqual(["- favourite colour: green"]);
		expect(draft.files.user.startsWith("# User\n\n<!--")).toBe(true);
	});

	it("puts how the assistant should behave first in soul.md, before the defaults", () => {
		expect(headings(draft.files.soul)).toEqual(["In the user's words", "Personality", "Style", "Way of working"]);
		expect(linesUnder(draft.files.soul, "In the user's words")).toContain("- Short answers, no emoji");
		expect(draft.files.soul).toContain(linesUnder(templatesFor("en").soul, "Personality").join("\n"));
	});

	it("keeps claude.md's five rule blocks and adds the vault's conventions and the user's rules at the end", () => {
		expect(headings(draft.files.rules)).toEqual([...RULE_BLOCKS, "This vault", "The user's rules"]);
		expect(draft.files.rules.startsWith(templatesFor("en").rules)).toBe(true);
		expect(linesUnder(draft.files.rules, "This vault")).toEqual([
			"- PARA folders; #status tags",
			"- New notes go to the folder `00 Inbox` unless the user says where.",
		]);
		expect(linesUnder(draft.files.rules, "The user's rules")).toEqual(["- Never schedule anything on Sundays"]);
	});

	it("dates the first section of memory.md and gives HEARTBEAT.md a real checklist", () => {
		expect(draft.memorySection).toBe(
			"## Onboarding, 2026-03-05\n\n- Name: Mina\n- Work: PhD in sleep research; chapter 2 of the thesis\n- Current focus: finish chapter 2 by May\n",
		);
		expect(draft.newMemory.startsWith(templatesFor("en").memory)).toBe(true);
		expect(isChecklistEmpty(templatesFor("en").heartbeat)).toBe(true);
		expect(isChecklistEmpty(draft.files.heartbeat)).toBe(false);
	});

	it("turns the folder choices into settings changes", () => {
		expect(draft.settings).toEqual({ inboxFolder: "00 Inbox", dailyMemoryLocation: "daily-notes" });
	});

	it("drops an inbox folder the containment guard refuses", () => {
		for (const inboxFolder of ["../outside", ".obsidian/plugins", "Private/inbox", "/etc"]) {
			const refused = draftIdentityFiles({ ...MINA, inboxFolder }, "en", TODAY, POLICY);
			expect(refused.settings).toEqual({ dailyMemoryLocation: "daily-notes" });
			expect(refused.files.rules).not.toContain(inboxFolder);
		}
	});

	it("writes in Chinese on the Chinese templates", () => {
		const zh = draftIdentityFiles(MINA_ZH, "zh", TODAY, POLICY);
		expect(linesUnder(zh.files.user, "关于我")).toEqual(["- 称呼：米娜"]);
		expect(linesUnder(zh.files.user, "工作与项目")).toEqual(["- 睡眠研究方向的博士生"]);
		expect(headings(zh.files.soul)[0]).toBe("用户的原话");
		expect(headings(zh.files.rules)).toEqual([...RULE_BLOCKS_ZH, "这个笔记库"]);
		expect(zh.memorySection).toBe("## 引导，2026-03-05\n\n- 称呼：米娜\n- 工作：睡眠研究方向的博士生\n");
		expect(isChecklistEmpty(zh.files.heartbeat)).toBe(false);
		expect(zh.settings).toEqual({});
	});

	it("leaves a file as its template when no answer belongs in it", () => {
		const empty = draftIdentityFiles(
			{ text: {}, inboxFolder: null, dailyMemory: null, other: [] },
			"en",
			TODAY,
			POLICY,
		);
		expect(empty.files.soul).toBe(templatesFor("en").soul);
		expect(empty.files.user).toBe(templatesFor("en").user);
		expect(empty.files.rules).toBe(templatesFor("en").rules);
		expect(empty.memorySection).toBeNull();
		expect(empty.newMemory).toBe(templatesFor("en").memory);
	});
});
