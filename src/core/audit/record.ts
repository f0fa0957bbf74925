import * as z from "zod/mini";

/**
 * One line of the audit trail: what the assistant (or the user through the assistant) wrote,
 * where, why, and the content hashes before and after, so that any change can be checked against
 * the file on disk and traced back to its reason.
 */

/** Who wrote, among those the host itself runs: the filters of the audit view list these. */
export const AUDIT_ACTORS = ["user", "assistant", "heartbeat"] as const;
export type HostActor = (typeof AUDIT_ACTORS)[number];

/**
 * An MCP client that wrote through the workspace's MCP server, named as it named itself
 * (`clientInfo.name`), so that the trail tells Claude Code's writes from the chat's. The name comes
 * from the other end of a connection and is not trusted: `mcpActor` keeps only letters, digits
 * and `.`, `_`, `-`, at most `MCP_CLIENT_NAME_MAX_CHARS` of them, so that no name can break a
 * line of the trail, pass for another actor or grow it without bound.
 */
export type McpActor = `mcp:${string}`;
export type AuditActor = HostActor | McpActor;

export const MCP_CLIENT_NAME_MAX_CHARS = 64;
const MCP_ACTOR = new RegExp(`^mcp:[A-Za-z0-9._-]{1,${MCP_CLIENT_NAME_MAX_CHARS}}$`);
const UNSAFE_NAME_CHARS = /[^A-Za-z0-9._-]+/g;

/** The actor of a client named `clientName` (anything a client sent, or nothing): `mcp:unknown` for a name with nothing left. */
export function mcpActor(clientName: unknown): McpActor {
	const raw = typeof clientName === "string" ? clientName.slice(0, 4 * MCP_CLIENT_NAME_MAX_CHARS) : "";
	const safe = raw
		.replace(UNSAFE_NAME_CHARS, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, MCP_CLIENT_NAME_MAX_CHARS)
		.replace(/-+$/, "");
	return `mcp:${safe === "" ? "unknown" : safe}`;
}

export function isMcpActor(actor: string): actor is McpActor {
	return MCP_ACTOR.test(actor);
}

/** The client's name in an MCP actor, as the audit view shows it. */
export function mcpClientName(actor: McpActor): string {
	return actor.slice("mcp:".length);
}

/** The trail's actors: the host's, and MCP clients' under their sanitized names; trails written before MCP parse as they did. */
const actorSchema = z.union([
	z.enum(AUDIT_ACTORS),
	z.custom<McpActor>((value) => typeof value === "string" && isMcpActor(value)),
]);

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
	actor: actorSchema,
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
	actor: actorSchema,
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
