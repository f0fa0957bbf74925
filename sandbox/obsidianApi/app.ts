import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { CallLog } from "./callLog";
import { FileManager } from "./fileManager";
import { MetadataCache } from "./metadataCache";
import { SecretStorage } from "./secretStorage";
import { Vault } from "./vault";
import type { ViewCreator } from "./view";
import { Workspace } from "./workspace";

let apps = 0;

/**
 * Obsidian's `App` over a `MemoryVault` (a new empty one by default). `calls` counts every
 * call into the vault, adapter, metadata cache, file manager and workspace.
 */
export class App {
	readonly calls = new CallLog();
	/** The vault's id (an internal API that obsidian-typings describes): one per mocked vault. */
	readonly appId = `mock-vault-${++apps}`;
	readonly vault: Vault;
	readonly metadataCache: MetadataCache;
	readonly fileManager: FileManager;
	readonly workspace: Workspace;
	/** View types registered by plugins (Obsidian's internal view registry). */
	readonly viewRegistry = new Map<string, ViewCreator>();
	/** Core plugins (an internal API that obsidian-typings describes); a test enables them. */
	readonly internalPlugins = new InternalPlugins();
	/** Obsidian's secret storage (API 1.11.4), where the API key is kept. */
	readonly secretStorage = new SecretStorage();
	/** Obsidian's settings window (an internal API that obsidian-typings describes): a modal; the sandbox sets its own, a test may set one. */
	setting: { open(): void; close(): void; openTabById(id: string): void } | null = null;

	/** `workspace` makes the workspace: the sandbox's draws one in the page (`sandbox/browser/`). */
	constructor(
		memory: MemoryVault = new MemoryVault(),
		workspace: (app: App, calls: CallLog) => Workspace = (app, calls) => new Workspace(app, calls),
	) {
		this.vault = new Vault(memory, this.calls);
		this.metadataCache = new MetadataCache(this.vault, this.calls);
		this.fileManager = new FileManager(this.vault, this.calls);
		this.workspace = workspace(this, this.calls);
	}
}

class InternalPlugins {
	private readonly enabled = new Map<string, { options: Record<string, unknown> }>();

	/** Enables a core plugin (`daily-notes` ...) with the options its settings hold. */
	enable(id: string, options: Record<string, unknown> = {}): void {
		this.enabled.set(id, { options });
	}

	getEnabledPluginById(id: string): { options: Record<string, unknown> } | null {
		return this.enabled.get(id) ?? null;
	}
}
