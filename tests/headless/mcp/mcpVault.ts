import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { openHeadlessMcp, type HeadlessMcp, type HeadlessMcpOptions } from "../../../headless/mcp/headlessMcp";
import { serveMcpStdio } from "../../../headless/mcp/stdioServer";
import type { McpSurface } from "../../../src/core/mcp";
import { parseAuditLog } from "../../../src/core/audit/parse";
import type { AuditRecord } from "../../../src/core/audit/record";
import { defaultPluginData } from "../../../src/core/workspace/data/pluginData";
import type { Checkpoint } from "../../../src/core/workspace/data/state";
import { TempVault } from "../tempVault";

/** Every hidden note below holds this word, and nothing else in the vault does. */
export const SECRET = "quetzal4471";

export const NOW = "2026-03-15T12:00:00Z";

export const CHECKPOINT: Checkpoint = {
	savedAt: "2026-03-14T18:00:00+00:00",
	doing: "Writing the zebra paper, see [[diary]]",
	nextAction: "Draft the methods section",
	refs: ["[[diary]]", "[[public]]"],
};

/** A vault folder with identity files, memory, public notes and notes hidden each way the settings allow. */
export function mcpVault(): TempVault {
	const vault = new TempVault()
		.put("soul.md", "# Soul\nCalm and precise.\n")
		.put("user.md", "# User\nA marine biologist who studies zebras.\n")
		.put("claude.md", "# Rules\nNever invent sources.\n")
		.put("memory.md", "# Memory\n## Preferences\n- Likes zebras.\n")
		.put("Notes/public.md", "# Zebras\nThe zebra migration happens in July. See [[flagged]] and [[diary]].\n")
		.put("Notes/flagged.md", `---\nassistant: private\n---\nThe zebra code is ${SECRET}.\n`)
		.put("Notes/tagged.md", `Zebra notes ${SECRET} #secret\n`)
		.put("Private/diary.md", `Zebra diary ${SECRET}\n`)
		.put("memory/daily/2026-03-14.md", `# 2026-03-14\n\n## Log\n- Saw zebras at the zoo.\n`);
	const data = defaultPluginData();
	vault.put(
		".obsidian/plugins/assistant-workspace/data.json",
		JSON.stringify({
			...data,
			settings: { ...data.settings, excludedFolders: ["Private"], excludedTags: ["secret"] },
			state: { ...data.state, lastCheckpoint: CHECKPOINT },
		}),
	);
	return vault;
}

export function auditRecords(vault: TempVault): AuditRecord[] {
	const path = join(vault.root, ".obsidian/plugins/assistant-workspace/audit.jsonl");
	return existsSync(path) ? parseAuditLog(readFileSync(path, "utf8")).records : [];
}

export interface Connected {
	readonly served: HeadlessMcp;
	readonly client: Client;
	close(): Promise<void>;
}

/** The official SDK client, named `clientName`, connected in process to a server over `vault`. */
export async function connect(
	vault: TempVault,
	options: Partial<HeadlessMcpOptions> = {},
	clientName = "claude-code",
): Promise<Connected> {
	const served = await openHeadlessMcp(vault.root, { allowWrites: false, now: NOW, ...options });
	return { served, ...(await connectSession(served.openSurface, clientName)) };
}

export interface ClientSession {
	readonly client: Client;
	/** Closes the client, and settles once the server's stdio loop has ended. */
	close(): Promise<void>;
}

/**
 * The official SDK client, named `clientName`, speaking to our stdio loop over a pair of streams
 * in this process: the very loop a spawned server runs, without the cost of a process per test.
 */
export async function connectSession(
	openSurface: (clientName: () => unknown) => McpSurface,
	clientName: string,
): Promise<ClientSession> {
	const toServer = new PassThrough();
	const fromServer = new PassThrough();
	const served = serveMcpStdio(openSurface, { input: toServer, output: fromServer });
	const client = new Client({ name: clientName, version: "1.0.0" });
	await client.connect(new StreamClientTransport(toServer, fromServer));
	return {
		client,
		async close() {
			await client.close();
			await served;
		},
	};
}

/** The SDK's stdio framing over two streams, as its StdioClientTransport does over a child's pipes. */
class StreamClientTransport implements Transport {
	onmessage?: (message: JSONRPCMessage) => void;
	onclose?: () => void;
	onerror?: (error: Error) => void;
	private readonly buffer = new ReadBuffer();

	constructor(
		private readonly toServer: PassThrough,
		private readonly fromServer: PassThrough,
	) {}

	async start(): Promise<void> {
		this.fromServer.on("data", (chunk: Buffer) => {
			this.buffer.append(chunk);
			try {
				for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage())
					this.onmessage?.(message);
			} catch (error) {
				this.onerror?.(error as Error);
			}
		});
	}

	async send(message: JSONRPCMessage): Promise<void> {
		this.toServer.write(serializeMessage(message));
	}

	async close(): Promise<void> {
		this.toServer.end();
		this.onclose?.();
	}
}

/** A tool call's text, the single text block the server answers with. */
export function textOf(result: object): string {
	const content = ("content" in result ? result.content : []) as readonly { type: string; text?: string }[];
	return content.map((block) => block.text ?? "").join("");
}
