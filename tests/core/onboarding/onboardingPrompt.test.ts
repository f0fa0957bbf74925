import {
	answersFromBlock,
	onboardingPrompt,
	parseOnboardingCompletion,
	TEXT_ANSWERS,
} from "../../../src/core/onboarding";

describe("the onboarding prompt", () => {
	it.each(["en", "zh"] as const)(
		"(%s) asks for at most five questions and ends with a block whose every key maps to an answer",
		(language) => {
			const prompt = onboardingPrompt(language);
			expect(prompt).toMatch(language === "en" ? /at most five questions/ : /最多问五个问题/);
			const completion = parseOnboardingCompletion(prompt);
			if (completion.kind !== "complete")
				throw new Error(`the prompt's example block does not parse: ${completion.kind}`);
			const answers = answersFromBlock(completion.answers);
			expect(Object.keys(answers.text).sort()).toEqual([...TEXT_ANSWERS].sort());
			expect(answers.inboxFolder).not.toBeNull();
			expect(answers.dailyMemory).not.toBeNull();
			expect(answers.other).toEqual([]);
		},
	);
});
