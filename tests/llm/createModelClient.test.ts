import { t } from "../../src/i18n";
import { AnthropicModelClient, createModelClient, OfflineModel } from "../../src/llm";

const delay = () => () => undefined;

describe("createModelClient", () => {
	it("is the offline model without a key, or when asked to be", () => {
		expect(createModelClient({ apiKey: undefined, delay, translate: t })).toBeInstanceOf(OfflineModel);
		expect(createModelClient({ apiKey: "   ", delay, translate: t })).toBeInstanceOf(OfflineModel);
		expect(createModelClient({ apiKey: "sk-ant-x", offline: true, delay, translate: t }).offline).toBe(true);
	});

	it("is Claude with a key", () => {
		const client = createModelClient({ apiKey: "sk-ant-x", baseURL: "http://127.0.0.1:9", delay, translate: t });
		expect(client).toBeInstanceOf(AnthropicModelClient);
		expect(client.offline).toBe(false);
	});
});
