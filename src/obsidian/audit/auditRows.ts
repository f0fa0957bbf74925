import { receiptClient, type Receipt } from "../../core/audit/receipt";
import { isMcpActor, type AuditActor, type AuditRecord, type HostActor } from "../../core/audit/record";

/**
 * What the view's filters hold: an actor of the host, `mcp` for any MCP client (their names are
 * many and come and go), or all; and text the note's path must contain.
 */
export interface AuditViewFilter {
	readonly actor: HostActor | "mcp" | "all";
	readonly note: string;
}

/** The view shows at most this many changes, the latest. */
export const SHOWN_CHANGES = 200;

/** Which entries the view lists: the writes of the audit trail, the receipts of what was read and sent, or both. */
export const SHOWN_KINDS = ["all", "writes", "sends"] as const;
export type ShownKind = (typeof SHOWN_KINDS)[number];

export type AuditEntry =
	{ readonly kind: "write"; readonly record: AuditRecord } | { readonly kind: "send"; readonly receipt: Receipt };

/** The records the filter lets through, latest first; a move matches by where it went and where it came from. */
export function filteredChanges(records: readonly AuditRecord[], filter: AuditViewFilter): AuditRecord[] {
	return records
		.filter((record) => actorMatches(record.actor, filter))
		.filter((record) => pathsMatch([record.path, record.from ?? ""], filter))
		.reverse();
}

/**
 * The writes and the receipts `shown` and the filter let through, latest first. A receipt is the
 * heartbeat's when the heartbeat sent it, an MCP client's when it answered one, the assistant's
 * otherwise; it matches a note filter by any path it carried.
 */
export function filteredEntries(
	records: readonly AuditRecord[],
	receipts: readonly Receipt[],
	filter: AuditViewFilter,
	shown: ShownKind,
): AuditEntry[] {
	const writes = shown === "sends" ? [] : filteredChanges(records, filter);
	const sends =
		shown === "writes"
			? []
			: receipts
					.filter((receipt) => actorMatches(senderOf(receipt), filter) && pathsMatch(receipt.paths, filter))
					.reverse();
	const entries: AuditEntry[] = [
		...writes.map((record) => ({ kind: "write" as const, record })),
		...sends.map((receipt) => ({ kind: "send" as const, receipt })),
	];
	// Each list is latest first already; a stable sort keeps that order among equal times.
	return entries.sort((a, b) => timeOf(b) - timeOf(a));
}

function senderOf(receipt: Receipt): AuditActor {
	return receiptClient(receipt) ?? (receipt.feature === "heartbeat" ? "heartbeat" : "assistant");
}

function actorMatches(actor: AuditActor, filter: AuditViewFilter): boolean {
	return filter.actor === "all" || (filter.actor === "mcp" ? isMcpActor(actor) : actor === filter.actor);
}

function pathsMatch(paths: readonly string[], filter: AuditViewFilter): boolean {
	const note = filter.note.trim().toLowerCase();
	return note === "" || paths.some((path) => path.toLowerCase().includes(note));
}

function timeOf(entry: AuditEntry): number {
	return Date.parse(entry.kind === "write" ? entry.record.time : entry.receipt.time);
}

/** Whether undo can put text back: an edit whose previous text exists, not a create or a move. */
export function isUndoable(record: AuditRecord): boolean {
	return record.sha256Before !== null && record.from === undefined;
}
