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

	/** Whether the log is known to end with a whole line: unknown at first, after a failed append and after a replacement. */
	private endsWithWholeLine = false;

	/**
	 * When a crash cut the log's last line short, the new line starts on a line of its own: a
	 * reader of lines then loses the fragment, never the line after it. The log's end is read once
	 * (or known from the last read); every append that succeeds leaves a whole line.
	 */
	async append(line: string): Promise<void> {
		await this.finishReplacement();
		const cutShort = !this.endsWithWholeLine && !endsWithWholeLine(await this.readAll());
		this.endsWithWholeLine = false;
		await this.adapter.append(this.path, `${cutShort ? "\n" : ""}${line.endsWith("\n") ? line : `${line}\n`}`);
		this.endsWithWholeLine = true;
	}

	async readAll(): Promise<string> {
		await this.finishReplacement();
		const text = (await this.adapter.exists(this.path)) ? await this.adapter.read(this.path) : "";
		this.endsWithWholeLine = endsWithWholeLine(text);
		return text;
	}

	/**
	 * The adapter has no replacing rename: the new log is written whole beside the old one, the old
	 * one removed, the new one renamed into its place. A crash before the removal leaves the old log
	 * (the new one, unfinished or not, is dropped on the next read); a crash after it leaves the new
	 * log, whole, which the next read puts in place.
	 */
	async replace(content: string): Promise<void> {
		await this.finishReplacement();
		this.endsWithWholeLine = false;
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

/** An empty log, or one whose last line is whole. */
function endsWithWholeLine(text: string): boolean {
	return text === "" || text.endsWith("\n");
}
