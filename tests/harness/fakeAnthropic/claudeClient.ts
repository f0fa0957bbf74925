import type { ReceiptLog } from "../../../src/core/audit/receiptLog";
import type { ModelClient } from "../../../src/core/model/modelClient";
import { t } from "../../../src/i18n";
import { createModelClient } from "../../../src/llm";
import { realDelay } from "../../llm/modelFixture";
import { receiptsInMemory } from "../receipts";

/** Claude as the plugin builds its client, the real SDK pointed at the fake server at `baseURL`, its receipts in memory. */
export function claudeAt(baseURL: string, receipts: ReceiptLog = receiptsInMemory().receipts): ModelClient {
	return createModelClient({ apiKey: "test", baseURL, delay: realDelay, translate: t, receipts });
}
