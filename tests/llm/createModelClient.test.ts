import { t } from "../../src/i18n";
import { createModelClient, OfflineModel } from "../../src/llm";
import { receiptsInMemory } from "../harness/receipts";

const { receipts } = receiptsInMemory();

const delay = () => () => undefined;
const server = { preset: "ollama", baseURL: "http://127.0.0.1:9" } as const;

describe("createModelClient", () => {
	it("is the offline model without a key, or when asked to be", () => {
		expect(createModelClient({ apiKey: undefined, delay, translate: t, receipts })).toBeInstanceOf(OfflineModel);
		expect(createModelClient({ apiKey: "   ", delay, translate: t, receipts })).toBeInstanceOf(OfflineModel);
		expect(createModelClient({ apiKey: "sk-ant-x", offline: true, delay, translate: t, receipts }).offline).toBe(true);
		expect(createModelClient({ apiKey: undefined, server, offline: true, delay, translate: t, receipts }).offline).toBe(
			true,
		);
	});

	it("is Claude with a key, and not local", () => {
		const client = createModelClient({
			apiKey: "sk-ant-x",
			baseURL: "http://127.0.0.1:9",
			delay,
			translate: t,
			receipts,
		});
		expect(client.readsAttachments).toBe(true);
		expect(client.offline).toBe(false);
		expect(client.local).toBeUndefined();
	});

	it("is the user's server when one is set, local, key or no key", () => {
		for (const apiKey of [undefined, "sk-ant-x"]) {
			const client = createModelClient({ apiKey, server, delay, translate: t, receipts });
			expect(client.readsAttachments).toBeUndefined();
			expect(client.offline).toBe(false);
			expect(client.local).toBe(true);
		}
	});

	it("keeps a local server local while it refuses requests until the privacy settings are checked", () => {
		const gated = createModelClient({
			apiKey: undefined,
			server,
			privacyReviewNeeded: true,
			delay,
			translate: t,
			receipts,
		});
		expect(gated.local).toBe(true);
		const claude = createModelClient({ apiKey: "sk-ant-x", privacyReviewNeeded: true, delay, translate: t, receipts });
		expect(claude.local).toBeUndefined();
	});
});
