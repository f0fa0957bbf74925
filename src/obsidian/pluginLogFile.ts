import { normalizePath, type DataAdapter } from "obsidian";
import type { LogFile } from "../core/ports";

/**
 * A log file in the plugin's own folder (under the configuration folder). It is written through
 * the adapter, not the Vault API, because the configuration folder holds no notes: the file is
 * never indexed, never shown in the file list and never offered to the model.
 */
export class PluginLogFile implements LogFile {
	private readonly path: string;

	constructor(
		private readonly adapter: DataAdapter,
		pluginDir: string,
		fileName: string,
	) {
		this.path = normalizePath(`${pluginDir}/${fileName}`);
	}

	async append(line: string): Promise<void> {
		await this.finishReplacement();
		await this.adapter.append(this.path, line.endsWith("\n") ? line : `${line}\n`);
	}

	async readAll(): Promise<string> {
		await this.finishReplacement();
		return (await this.adapter.exists(this.path)) ? this.adapter.read(this.path) : "";
	}

	/**
	 * The adapter has no replacing rename: the new log is written whole beside the old one, the old
	 * one removed, the new one renamed into its place. A crash before the removal leaves the old log
	 * (the new one, unfinished or not, is dropped on the next read); a crash after it leaves the new
	 * log, whole, which the next read puts in place.
	 */
	async replace(content: string): Promise<void> {
		await this.finishReplacement();
		await this.adapter.write(this.replacement, content);
		if (await this.adapter.exists(this.path)) await this.adapter.remove(this.path);
		await this.adapter.rename(this.replacement, this.path);
	}

	private get replacement(): string {
		return `${this.path}.new`;
	}

	/** Puts in place, or drops, what a replacement cut short by a crash left. */
	private async finishReplacement(): Promise<void> {
		if (!(await this.adapter.exists(this.replacement))) return;
		if (await this.adapter.exists(this.path)) await this.adapter.remove(this.replacement);
		else await this.adapter.rename(this.replacement, this.path);
	}
}
