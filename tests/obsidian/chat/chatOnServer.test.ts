/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { inView, openChatOn, resetChatTest } from "./chatFixture";

const fake = useFakeAnthropic();

beforeEach(resetChatTest);

const server = { modelProvider: "compatible" as const, serverBaseUrl: "http://127.0.0.1:9" };

describe("the chat with a model on the user's own server", () => {
	it("is not offline without an Anthropic key, and asks for the server's model until one is chosen", async () => {
		const { view } = await openChatOn(fake(), {}, { key: null, settings: { ...server, serverModel: "" } });
		await until(() => inView(view, ".assistant-chat-welcome-key") !== null, "the welcome");
		expect(inView(view, ".assistant-chat-offline")?.isShown()).toBe(false);
		const step = inView(view, ".assistant-chat-welcome-key")!;
		expect(step.textContent).toBe("Choose the model your server runs, and the chat can begin.Choose a model");
	});

	it("has nothing to ask once the server's model is chosen", async () => {
		const { view } = await openChatOn(fake(), {}, { key: null, settings: { ...server, serverModel: "qwen3:8b" } });
		await until(() => inView(view, ".assistant-chat-empty") !== null, "the welcome");
		expect(inView(view, ".assistant-chat-welcome-key")).toBeNull();
		expect(inView(view, ".assistant-chat-offline")?.isShown()).toBe(false);
	});
});
