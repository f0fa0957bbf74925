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
		await this.adapter.append(this.path, line.endsWith("\n") ? line : `${line}\n`);
	}

	async readAll(): Promise<string> {
		return (await this.adapter.exists(this.path)) ? this.adapter.read(this.path) : "";
	}
}
