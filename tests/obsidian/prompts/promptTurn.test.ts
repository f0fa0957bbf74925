import type { TurnPorts } from "../../../src/core/agent/session";
import { onModel } from "../../../src/obsidian/prompts/promptTurn";

/** The ports of a compatible server's model remembered unable to call tools. */
function serverPorts(toolsFailed: () => Promise<void>): TurnPorts {
	return {
		model: { offline: false },
		modelId: "settings-model",
		toolSupport: { toolsOff: true, toolsFailed },
	} as unknown as TurnPorts;
}

describe("a prompt's model on a compatible server", () => {
	it("is sent to the same server, and neither reads nor records the settings' model's verdict on tools", async () => {
		const toolsFailed = jest.fn(async () => undefined);
		const settings = serverPorts(toolsFailed);
		const ports = onModel(settings, "prompt-model");
		expect(ports.modelId).toBe("prompt-model");
		expect(ports.model).toBe(settings.model);
		// What the settings' model could not do says nothing of the prompt's model, and the reverse.
		expect(ports.toolSupport?.toolsOff).toBe(false);
		await ports.toolSupport?.toolsFailed();
		expect(toolsFailed).not.toHaveBeenCalled();
	});

	it("changes nothing without a model of its own", () => {
		const ports = serverPorts(async () => undefined);
		expect(onModel(ports, null)).toBe(ports);
	});
});
