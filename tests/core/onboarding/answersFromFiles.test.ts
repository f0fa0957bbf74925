import {
	answersFromFiles,
	draftIdentityFiles,
	type ExistingFiles,
	type OnboardingDraft,
} from "../../../src/core/onboarding";
import { templatesFor } from "../../../src/core/workspace/templates";
import { MINA, MINA_ZH, POLICY, TODAY } from "./onboardingFixture";

/** The identity files as the vault holds them once `draft` was applied. */
function written(draft: OnboardingDraft): ExistingFiles {
	const file = (path: string, content: string) => ({ path, content });
	return {
		soul: file("soul.md", draft.files.soul),
		user: file("user.md", draft.files.user),
		rules: file("claude.md", draft.files.rules),
		memory: file("memory.md", draft.newMemory),
		heartbeat: file("HEARTBEAT.md", draft.files.heartbeat),
	};
}

describe("the answers read back from the identity files onboarding wrote", () => {
	it("gives back each answer from where the draft put it, one line per item", () => {
		expect(answersFromFiles(written(draftIdentityFiles(MINA, "en", TODAY, POLICY)))).toEqual({
			name: "Mina",
			work: "PhD in sleep research\nchapter 2 of the thesis",
			focus: "finish chapter 2 by May",
			style: "Short answers, no emoji\nAnswer in English",
			organization: "PARA folders; #status tags",
			rules: "Never schedule anything on Sundays",
		});
	});

	it("drafts the same files again from what it read: a form reopened and reviewed changes nothing", () => {
		const first = draftIdentityFiles(MINA, "en", TODAY, POLICY);
		const again = draftIdentityFiles(
			{ text: answersFromFiles(written(first)), inboxFolder: "00 Inbox", dailyMemory: null, other: MINA.other },
			"en",
			TODAY,
			POLICY,
		);
		expect(again.files).toEqual(first.files);
	});

	it("reads files written in Chinese, and the assistant's own name apart from the style", () => {
		const zh = draftIdentityFiles(
			{ ...MINA_ZH, text: { ...MINA_ZH.text, assistantName: "小助" } },
			"zh",
			TODAY,
			POLICY,
		);
		expect(answersFromFiles(written(zh))).toEqual({ ...MINA_ZH.text, assistantName: "小助" });
	});

	it("finds nothing in the templates, in files of the user's own, or when there are no files", () => {
		const templates = templatesFor("en");
		const own = { path: "user.md", content: "# User\n\n## About me\n\nI write my own notes here.\n" };
		expect(
			answersFromFiles({
				soul: { path: "soul.md", content: templates.soul },
				user: { path: "user.md", content: templates.user },
				rules: null,
				memory: null,
				heartbeat: null,
			}),
		).toEqual({});
		expect(answersFromFiles({ soul: null, user: own, rules: null, memory: null, heartbeat: null })).toEqual({});
		expect(answersFromFiles({ soul: null, user: null, rules: null, memory: null, heartbeat: null })).toEqual({});
	});
});
