import type { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { DataAdapter } from "../obsidianApi/dataAdapter";
import type { VaultListing } from "../server/vaultFolder";
import { WRITE_HEADER } from "../server/protocol";

/**
 * The page's side of the sandbox server's vault API. Changes are sent one at a time, in the
 * order they happened, so that a folder exists before the note written into it.
 */
export class VaultServer {
	private queue: Promise<void> = Promise.resolve();

	constructor(private readonly onFailure: (what: string, error: unknown) => void) {}

	static async list(): Promise<VaultListing> {
		const response = await fetch("/api/vault");
		if (!response.ok) throw new Error(`The sandbox server did not list the vault (${response.status}).`);
		return (await response.json()) as VaultListing;
	}

	/** Writes `content` (a promise taken when the change happened, so later changes cannot leak in). */
	write(path: string, content: Promise<string> | string): void {
		this.send(`write ${path}`, async () => this.call("PUT", "/api/file", { path }, await content));
	}

	/** Appends `text` to the file, as Obsidian's adapter appends to a log (the audit trail). */
	append(path: string, text: string): void {
		this.send(`append to ${path}`, () => this.call("POST", "/api/append", { path }, text));
	}

	mkdir(path: string): void {
		this.send(`create folder ${path}`, () => this.call("POST", "/api/folder", { path }));
	}

	rename(from: string, to: string): void {
		this.send(`move ${from}`, () => this.call("POST", "/api/rename", { from, to }));
	}

	remove(path: string): void {
		this.send(`delete ${path}`, () => this.call("DELETE", "/api/file", { path }));
	}

	/** Settles once every change sent so far reached the disk (or failed). */
	settled(): Promise<void> {
		return this.queue;
	}

	private send(what: string, change: () => Promise<void>): void {
		this.queue = this.queue.then(change).catch((error: unknown) => this.onFailure(what, error));
	}

	private async call(method: string, endpoint: string, query: Record<string, string>, body?: string): Promise<void> {
		const response = await fetch(`${endpoint}?${new URLSearchParams(query).toString()}`, {
			method,
			body,
			headers: { [WRITE_HEADER]: "1" },
		});
		if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
	}
}

/** Sends every change of the page's vault to the folder on disk, so the user sees what the assistant wrote. */
export function mirrorToDisk(memory: MemoryVault, server: VaultServer): void {
	memory.on("create", (item) =>
		item.kind === "folder" ? server.mkdir(item.path) : server.write(item.path, memory.read(item.path)),
	);
	memory.on("modify", (item) => server.write(item.path, memory.read(item.path)));
	memory.on("rename", (item, oldPath) => server.rename(oldPath, item.path));
	memory.on("delete", (item) => server.remove(item.path));
}

/**
 * Sends every change of the plugin's files in the config folder (its `data.json`, the audit
 * trail, the text kept for undo) to the folder on disk, as Obsidian's adapter writes them there.
 */
export function mirrorConfigToDisk(adapter: DataAdapter, server: VaultServer): void {
	adapter.onHiddenChange((change) => {
		switch (change.kind) {
			case "write":
				return server.write(change.path, change.content);
			case "append":
				return server.append(change.path, change.text);
			case "mkdir":
				return server.mkdir(change.path);
			case "remove":
				return server.remove(change.path);
			case "rename":
				return server.rename(change.from, change.to);
		}
	});
}
