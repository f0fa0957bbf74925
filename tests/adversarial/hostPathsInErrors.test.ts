/**
 * What a failed tool call tells the model and an MCP client about the machine. A file system
 * error carries the absolute path the host asked for (`ENAMETOOLONG: name too long, lstat
 * '/home/…/Notes/…'`): where the vault lives, the user's name, how the disk is laid out. A tool's
 * answer names vault paths only.
 */
import { ASSISTANT_TOOLS, runTool } from "../../src/core/agent/tools";
import { connect, mcpVault, textOf, type Connected } from "../headless/mcp/mcpVault";
import type { TempVault } from "../headless/tempVault";

/** Past the 255 bytes a file name may have on every common file system. */
const LONG_NAME = `Notes/${"n".repeat(300)}.md`;

describe("a tool whose file system call fails", () => {
	let vault: TempVault;
	let connected: Connected | null = null;
	beforeEach(() => {
		vault = mcpVault();
	});
	afterEach(async () => {
		await connected?.close();
		connected = null;
		vault.remove();
	});

	it("answers the chat's model without the vault's place on disk", async () => {
		connected = await connect(vault, { allowWrites: true });
		const deps = connected.served.memory.deps;
		for (const [name, args] of [
			["memory_get", { path: LONG_NAME }],
			["note_annotate", { path: LONG_NAME, text: "A remark." }],
		] as const) {
			const result = await runTool(name, args, deps, ASSISTANT_TOOLS);
			expect(result.isError).toBe(true);
			expect(result.text).toContain(`${name} failed: ENAMETOOLONG`);
			expect(result.text).not.toContain(vault.root);
		}
	});

	it("answers an MCP client without the vault's place on disk", async () => {
		connected = await connect(vault, { allowWrites: true });
		for (const [name, args] of [
			["memory_get", { path: LONG_NAME }],
			["note_annotate", { path: LONG_NAME, text: "A remark." }],
		] as const) {
			const result = await connected.client.callTool({ name, arguments: args });
			expect(result.isError).toBe(true);
			expect(textOf(result)).toContain(`${name} failed: ENAMETOOLONG`);
			expect(textOf(result)).not.toContain(vault.root);
		}
	});
});
