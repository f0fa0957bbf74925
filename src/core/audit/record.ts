import * as z from "zod/mini";

/**
 * One line of the audit trail: what the assistant (or the user through the assistant) wrote,
 * where, why, and the content hashes before and after, so that any change can be checked against
 * the file on disk and traced back to its reason.
 */

export const AUDIT_ACTORS = ["user", "assistant", "heartbeat"] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];

/**
 * `create`, `append`, `process` and `move` are the plain store operations; `promote` and
 * `archive` mark writes made on behalf of those memory operations, so the trail can be filtered
 * by what the user asked for rather than by how it was written; `restore` is an undo, a note's
 * previous content put back (its reason names the change undone); `edit` is a change to the
 * user's text that the assistant proposed and the user approved, hunk by hunk. New actions only
 * ever join the end of the list, so that every trail written before still parses.
 */
export const AUDIT_ACTIONS = ["create", "append", "process", "move", "promote", "archive", "restore", "edit"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const sha256HexSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/));

export const auditRecordSchema = z.object({
	/** When the write finished, ISO 8601 in UTC. */
	time: z.iso.datetime(),
	actor: z.enum(AUDIT_ACTORS),
	action: z.enum(AUDIT_ACTIONS),
	/** The vault path written (for a move, the destination). */
	path: z.string().check(z.minLength(1)),
	/** The UTF-8 size of the file after the write. */
	bytes: z.number().check(z.int(), z.nonnegative()),
	/** `null` when the file did not exist before the write. */
	sha256Before: z.nullable(sha256HexSchema),
	sha256After: sha256HexSchema,
	reason: z.string(),
	/** For a move, where the file was. */
	from: z.optional(z.string().check(z.minLength(1))),
});

export type AuditRecord = z.infer<typeof auditRecordSchema>;

/**
 * A write the host refused before anything reached the disk (a path through a symbolic link):
 * what was attempted, where, and by which rule it was refused. It has no hashes, as nothing was
 * written; it is kept apart from the records of writes, so that nothing reading the trail (the
 * view, undo, folding) can take it for a change.
 */
export const auditRefusalSchema = z.object({
	time: z.iso.datetime(),
	actor: z.enum(AUDIT_ACTORS),
	/** What the write would have been. */
	action: z.enum(AUDIT_ACTIONS),
	path: z.string().check(z.minLength(1)),
	/** The rule that refused it (`UnsafePathRule`). */
	refused: z.string().check(z.minLength(1)),
	reason: z.string(),
});

export type AuditRefusal = z.infer<typeof auditRefusalSchema>;

/** One JSON object per line; the newline is part of the line so that appends never run together. */
export function auditLine(record: AuditRecord | AuditRefusal): string {
	return `${JSON.stringify(record)}\n`;
}
