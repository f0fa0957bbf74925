/**
 * Opening the onboarding form reads the answers back from the identity files, which are the
 * user's to edit: a list item of nothing but a long run of spaces (pasted, or left by a tool)
 * took time squared in its length to be read as no answer, and the settings window froze.
 */
import { answersFromFiles } from "../../src/core/onboarding";
import { draftWordingFor } from "../../src/core/onboarding/draftWording";

const GENEROUS_MS = 2_000;

describe("the answers read back from an identity file with a list item of spaces", () => {
	it("are read quickly, the empty item left out", () => {
		const { about } = draftWordingFor("en").userSections;
		const content = `# User\n\n## ${about}\n- ${" ".repeat(200_000)}\n- Sleep researcher\n`;
		const started = Date.now();
		const answers = answersFromFiles({
			user: { path: "user.md", content },
			soul: null,
			rules: null,
			memory: null,
			heartbeat: null,
		});
		expect(Date.now() - started).toBeLessThan(GENEROUS_MS);
		expect(answers).toEqual({ about: "Sleep researcher" });
	}, 300_000);
});
