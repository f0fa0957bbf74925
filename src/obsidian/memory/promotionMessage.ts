import type { PromotionResult } from "../../core/memory/longTerm";
import { t } from "../../i18n";

/** What a promotion did, as the notice says it, whichever day it took. */
export function promotionMessage(result: PromotionResult): string {
	return t(`notice.promotion.${result.status}`, { date: result.date, path: result.memoryPath });
}
