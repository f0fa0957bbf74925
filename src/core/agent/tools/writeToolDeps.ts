import type { AuditActor } from "../../audit/record";
import type { NoteSelection } from "../../edits/selectionScope";
import type { DailyTarget } from "../../memory/dailyNote";
import type { AuditedWriter } from "../../vault/auditedWriter";
import type { MemoryToolDeps } from "./memoryToolDeps";

/**
 * What the tools that write need besides what the read tools do: every write goes through the
 * audited writer (containment guard, atomic operation, audit record), as `actor`.
 */
export interface WriteToolDeps extends MemoryToolDeps {
	readonly writer: AuditedWriter;
	/** Who the audit trail says wrote: `assistant` in the chat, `heartbeat` in the heartbeat's run. */
	readonly actor: AuditActor;
	/** Where today's daily memory is: the assistant folder or the user's daily notes, as the settings say. */
	readonly daily: DailyTarget;
	/**
	 * The text the user selected for this turn's message, when they did: a change `note_edit`
	 * proposes in the turn must lie inside it, in that note.
	 */
	readonly editSelection?: NoteSelection;
}
