import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { openHeadlessMcp, type HeadlessMcp, type HeadlessMcpOptions } from "../../../headless/mcp/headlessMcp";
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
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	const server = served.createServer();
	await server.connect(serverSide);
	const client = new Client({ name: clientName, version: "1.0.0" });
	await client.connect(clientSide);
	return {
		served,
		client,
		async close() {
			await client.close();
			await server.close();
		},
	};
}

/** A tool call's text, the single text block the server answers with. */
export function textOf(result: object): string {
	const content = ("content" in result ? result.content : []) as readonly { type: string; text?: string }[];
	return content.map((block) => block.text ?? "").join("");
}
