import { apiKeyState, pickedSecretName } from "../../../src/obsidian/settings/apiKeyState";

const DEFAULT = "assistant-workspace-anthropic-api-key";

describe("where the API key stands", () => {
	it("has no key while only the default name is kept and no secret has it: the picker shows no name", () => {
		const state = apiKeyState(DEFAULT, null, DEFAULT);
		expect(state).toEqual({ kind: "none" });
		expect(pickedSecretName(state)).toBe("");
		expect(apiKeyState("", null, DEFAULT)).toEqual({ kind: "none" });
	});

	it("names a chosen secret this device does not have, and shows it nowhere as picked", () => {
		const state = apiKeyState("work-key", null, DEFAULT);
		expect(state).toEqual({ kind: "missing", name: "work-key" });
		expect(pickedSecretName(state)).toBe("");
	});

	it("counts a secret of spaces as empty, not as a key", () => {
		expect(apiKeyState("work-key", "  \n", DEFAULT)).toEqual({ kind: "empty", name: "work-key" });
	});

	it("is ready with the key trimmed once the secret holds one", () => {
		const state = apiKeyState(DEFAULT, " sk-ant-1 \n", DEFAULT);
		expect(state).toEqual({ kind: "ready", name: DEFAULT, key: "sk-ant-1" });
		expect(pickedSecretName(state)).toBe(DEFAULT);
	});
});
