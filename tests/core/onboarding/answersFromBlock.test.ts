import { answersFromBlock, parseOnboardingCompletion } from "../../../src/core/onboarding";

/** The answers of a model's message, as the chat reads them. */
function answersOf(message: string) {
	const completion = parseOnboardingCompletion(message);
	if (completion.kind !== "complete") throw new Error(`no answers: ${completion.kind}`);
	return answersFromBlock(completion.answers);
}

describe("answers from the onboarding-complete block", () => {
	it("reads the keys the prompt asks for", () => {
		const answers = answersOf(
			[
				"Thanks, I have what I need.",
				"```onboarding-complete",
				"{",
				'  "name": "Mina",',
				'  "about": "PhD student in sleep research",',
				'  "work": ["thesis chapter 2", "the lab\'s survey"],',
				'  "focus": "finishing chapter 2 by May",',
				'  "assistant_name": "Ada",',
				'  "style": "short answers, no emoji",',
				'  "organization": "PARA folders, #status tags",',
				'  "inbox_folder": "00 Inbox/",',
				'  "daily_memory": "daily-notes"',
				"}",
				"```",
			].join("\n"),
		);
		expect(answers).toEqual({
			text: {
				name: "Mina",
				about: "PhD student in sleep research",
				work: "thesis chapter 2\nthe lab's survey",
				focus: "finishing chapter 2 by May",
				assistantName: "Ada",
				style: "short answers, no emoji",
				organization: "PARA folders, #status tags",
			},
			inboxFolder: "00 Inbox",
			dailyMemory: "daily-notes",
			other: [],
		});
	});

	it("maps free-form keys in English and Chinese, and looks into nested objects", () => {
		const answers = answersFromBlock({
			"What should I call you": "Mina",
			你是谁: "博士生",
			assistant: { name: "Ada", tone: "calm and brief" },
			"how I work": "mornings, deep work",
			notes: { folders: "few", tags: true },
			收件箱: "[[收件箱]]",
			"keep memory in my daily notes": true,
			"favourite colour": "green",
		});
		expect(answers.text).toEqual({
			name: "Mina",
			about: "博士生",
			assistantName: "Ada",
			style: "calm and brief",
			preferences: "mornings, deep work",
			organization: "folders: few\ntags: true",
		});
		expect(answers.inboxFolder).toBe("收件箱");
		expect(answers.dailyMemory).toBe("daily-notes");
		// Nothing the user said is dropped.
		expect(answers.other).toEqual([{ label: "favourite colour", text: "green" }]);
	});

	it("joins several keys for one answer and skips empty values", () => {
		const answers = answersFromBlock({ role: "Engineer", background: "Ten years in robotics", bio: "", name: null });
		expect(answers.text).toEqual({ about: "Engineer\nTen years in robotics" });
	});

	it("leaves the folder choices alone when the values say nothing it can use", () => {
		const answers = answersFromBlock({ inbox: "line one\nline two", daily_memory: "not sure yet" });
		expect(answers.inboxFolder).toBeNull();
		expect(answers.dailyMemory).toBeNull();
	});
});
