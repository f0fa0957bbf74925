import { ChatSession, type SessionEvent, type ToolSupport, type TurnPorts } from "../../../../src/core/agent/session";
import type { SeedFile } from "../../../../headless/inMemory/memoryVault";
import { writeToolsOver, type WriteToolVault } from "../tools/writeToolFixture";
import type { ScriptedModel } from "./scriptedModel";

export const delay = (callback: () => void, ms: number): (() => void) => {
	const timer = setTimeout(callback, ms);
	return () => clearTimeout(timer);
};

/** The host's memory of a model's tools: `toolsFailed` turns them off, as the plugin's state does. */
export class RememberedTools implements ToolSupport {
	failures = 0;
	constructor(public toolsOff: boolean) {}
	toolsFailed(): Promise<void> {
		this.failures++;
		this.toolsOff = true;
		return Promise.resolve();
	}
}

export interface LocalChat {
	readonly chat: ChatSession;
	readonly vault: WriteToolVault;
}

/** A chat session over an in-memory vault (`Private` excluded) and a scripted local model, as the plugin wires it. */
export async function localChat(
	files: Record<string, SeedFile>,
	model: ScriptedModel,
	overrides: Partial<TurnPorts> = {},
): Promise<LocalChat> {
	const vault = await writeToolsOver(files, { excludedFolders: ["Private"], excludedTags: ["secret"] });
	const ports: TurnPorts = {
		model,
		modelId: "qwen3:8b",
		tools: vault.deps,
		delay,
		transcript: { writer: vault.deps.writer, chatsFolder: vault.deps.layout.chatsFolder, language: "en" },
		...overrides,
	};
	return { chat: new ChatSession(() => ports, vault.deps.clock), vault };
}

export async function drain(events: AsyncGenerator<SessionEvent, unknown>): Promise<SessionEvent[]> {
	const seen: SessionEvent[] = [];
	for await (const event of events) seen.push(event);
	return seen;
}
