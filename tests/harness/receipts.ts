import { ReceiptLog } from "../../src/core/audit/receiptLog";
import type { Clock } from "../../src/core/ports";
import { systemClock } from "../../src/core/systemClock";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";

/** A receipt log kept in memory, for a model client or an MCP server under test; `file` holds its lines. */
export function receiptsInMemory(clock: Clock = systemClock): { receipts: ReceiptLog; file: MemoryLogFile } {
	const file = new MemoryLogFile();
	return { receipts: new ReceiptLog(file, clock), file };
}
