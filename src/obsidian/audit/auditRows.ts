import { isMcpActor, type AuditRecord, type HostActor } from "../../core/audit/record";

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

/** The records the filter lets through, latest first; a move matches by where it went and where it came from. */
export function filteredChanges(records: readonly AuditRecord[], filter: AuditViewFilter): AuditRecord[] {
	const note = filter.note.trim().toLowerCase();
	return records
		.filter(
			(record) =>
				filter.actor === "all" || (filter.actor === "mcp" ? isMcpActor(record.actor) : record.actor === filter.actor),
		)
		.filter(
			(record) => note === "" || [record.path, record.from ?? ""].some((path) => path.toLowerCase().includes(note)),
		)
		.reverse();
}

/** Whether undo can put text back: an edit whose previous text exists, not a create or a move. */
export function isUndoable(record: AuditRecord): boolean {
	return record.sha256Before !== null && record.from === undefined;
}
