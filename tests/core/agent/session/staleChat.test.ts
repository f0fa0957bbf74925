import { staleChatFolder } from "../../../../src/core/agent/session/staleChat";

describe("staleChatFolder: a chat of the assistant folder the user switched away from", () => {
	it("names the old folder once the assistant folder changed", () => {
		expect(staleChatFolder({ folder: "Assistant" }, "Work/Assistant")).toBe("Assistant");
		expect(staleChatFolder({ folder: "" }, "Assistant")).toBe("");
		expect(staleChatFolder({ folder: "Assistant" }, "")).toBe("Assistant");
	});

	it("is not stale in the folder it was begun in, however the path is spelled", () => {
		expect(staleChatFolder({ folder: "Assistant" }, "Assistant")).toBeNull();
		expect(staleChatFolder({ folder: "Assistant/" }, "/Assistant")).toBeNull();
		expect(staleChatFolder({ folder: "/" }, "")).toBeNull();
	});

	it("is never stale before its first message", () => {
		expect(staleChatFolder({ folder: null }, "Elsewhere")).toBeNull();
	});
});
