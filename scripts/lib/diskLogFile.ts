import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { LogFile } from "../../src/core/ports";

/** The plugin's log file on disk, where the plugin would keep it inside the vault's config folder. */
export class DiskLogFile implements LogFile {
	constructor(private readonly absolutePath: string) {}

	async append(line: string): Promise<void> {
		mkdirSync(dirname(this.absolutePath), { recursive: true });
		appendFileSync(this.absolutePath, line.endsWith("\n") ? line : `${line}\n`, "utf8");
	}

	async readAll(): Promise<string> {
		return existsSync(this.absolutePath) ? readFileSync(this.absolutePath, "utf8") : "";
	}
}
