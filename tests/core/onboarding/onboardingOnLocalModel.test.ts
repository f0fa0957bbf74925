import { ChatSession, type TurnPorts } from "../../../src/core/agent/session";
import { onboardingPorts, onboardingPrompt } from "../../../src/core/onboarding";
import { writeToolsOver } from "../agent/tools/writeToolFixture";
import { answer, ScriptedModel, systemText } from "../agent/local/scriptedModel";
import { delay, drain, RememberedTools } from "../agent/local/localSession";

describe("onboarding by conversation on a local model", () => {
	it.each([true, false])(
		"only converses, whatever the model's tools (tools off: %s): no search, no tools, no notice, its cost local",
		async (toolsOff) => {
			const vault = await writeToolsOver({ "Notes/Zebras.md": "# Zebras\n\nStripes.\n" });
			const model = new ScriptedModel([answer("What should I call you?")]);
			const tools = new RememberedTools(toolsOff);
			const ports: TurnPorts = {
				model,
				modelId: "qwen3:8b",
				tools: vault.deps,
				delay,
				transcript: null,
				toolSupport: tools,
				contextWindowTokens: 8192,
			};
			const prompt = onboardingPrompt("en");
			const chat = new ChatSession(() => onboardingPorts(ports, prompt), vault.deps.clock);
			const events = await drain(chat.send("Hi, let's set you up."));
			expect(events.map((event) => event.type)).toEqual(["text", "usage", "done"]);
			const [request] = model.requests;
			expect(request.tools).toEqual([]);
			expect(systemText(request)).toContain(prompt);
			expect(systemText(request)).not.toContain("<notes-search>");
			const done = events.at(-1);
			expect(done?.type === "done" && done.result.usage).toMatchObject({ costUsd: 0, local: true });
			expect(tools.failures).toBe(0);
		},
	);
});
