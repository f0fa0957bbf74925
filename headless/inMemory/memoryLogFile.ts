import type { LogFile } from "../../src/core/ports";

/** A log file kept in a string, as the plugin's log file would hold it on disk. */
export class MemoryLogFile implements LogFile {
	text = "";

	async append(line: string): Promise<void> {
		this.text += line;
	}

	async readAll(): Promise<string> {
		return this.text;
	}

	async replace(content: string): Promise<void> {
		this.text = content;
	}
}
