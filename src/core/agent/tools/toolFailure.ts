import { toolError, type ToolResult } from "./toolResult";

/**
 * What the model or an MCP client reads when a tool threw: its name and why, never where the
 * vault lives. A file system error (Node's, and Obsidian's on desktop, which is Node's) carries
 * in its message the absolute path the host asked for, `/home/<user>/…/Vault/Notes/…`: such an
 * error is told by its code and the call that failed (`ENAMETOOLONG (lstat)`); the path is the
 * one the caller gave, which it has. Every tool failure is worded here, for the chat and MCP alike.
 */
export function failedToolResult(name: string, error: unknown): ToolResult {
	return toolError(`${name} failed: ${failureText(error)}`);
}

function failureText(error: unknown): string {
	if (!isObject(error)) return String(error);
	const { code, syscall, message } = error;
	if (typeof code === "string" && typeof syscall === "string") return `${code} (${syscall})`;
	// Not `instanceof Error`: an error made in another realm (a worker, a test's sandbox) is not one.
	return typeof message === "string" ? message : "an error without a message";
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null;
}
