import { sha256Hex } from "../audit/hash";
import type { FileStat, LogFile, NoteStore } from "../ports";

/**
 * The text notes had before the assistant changed them. The audit trail holds hashes, not text,
 * so that it stays small and never copies private text; to undo a change from the trail alone
 * ("Show assistant changes"), the text it replaced is kept here, in the plugin's own log file
 * (outside the notes), one JSON line per distinct text, found by the record's `sha256Before`.
 */
export class PreviousContents {
	private known: Map<string, string> | null = null;

	constructor(private readonly file: LogFile) {}

	/** Keeps `text`, once however often it is kept. */
	async keep(text: string): Promise<void> {
		const texts = await this.load();
		const hash = sha256Hex(text);
		if (texts.has(hash)) return;
		texts.set(hash, text);
		await this.file.append(`${JSON.stringify({ sha256: hash, text })}\n`);
	}

	/** The kept text whose SHA-256 is `hash`, or `null`. */
	async find(hash: string): Promise<string | null> {
		return (await this.load()).get(hash) ?? null;
	}

	private async load(): Promise<Map<string, string>> {
		if (this.known !== null) return this.known;
		const texts = new Map<string, string>();
		for (const line of (await this.file.readAll()).split("\n")) {
			const entry = parseLine(line);
			// A line cut short by a crash, or edited by hand, is skipped: its hash would not match.
			if (entry !== null && sha256Hex(entry.text) === entry.sha256) texts.set(entry.sha256, entry.text);
		}
		this.known = texts;
		return texts;
	}
}

function parseLine(line: string): { sha256: string; text: string } | null {
	if (line.trim() === "") return null;
	try {
		const value = JSON.parse(line) as unknown;
		if (typeof value !== "object" || value === null) return null;
		const { sha256, text } = value as Record<string, unknown>;
		return typeof sha256 === "string" && typeof text === "string" ? { sha256, text } : null;
	} catch {
		return null;
	}
}

/**
 * The store the audited writer writes through, keeping in `previous` the text each `process`
 * replaced: every edit, append, restore and callout write of the writer is a `process`.
 * Creating and moving replace no text.
 */
export class RememberingStore implements NoteStore {
	constructor(
		private readonly inner: NoteStore,
		private readonly previous: PreviousContents,
	) {}

	get configDir(): string {
		return this.inner.configDir;
	}

	listFiles(): FileStat[] {
		return this.inner.listFiles();
	}

	listFolders(): string[] {
		return this.inner.listFolders();
	}

	stat(path: string): FileStat | null {
		return this.inner.stat(path);
	}

	isFolder(path: string): boolean {
		return this.inner.isFolder(path);
	}

	read(path: string): Promise<string> {
		return this.inner.read(path);
	}

	readBinary(path: string): Promise<Uint8Array> {
		return this.inner.readBinary(path);
	}

	create(path: string, content: string): Promise<FileStat> {
		return this.inner.create(path, content);
	}

	async process(path: string, transform: (current: string) => string): Promise<string> {
		let before: string | null = null;
		const after = await this.inner.process(path, (current) => {
			before = current;
			return transform(current);
		});
		if (before !== null && before !== after) await this.previous.keep(before);
		return after;
	}

	ensureFolder(path: string): Promise<void> {
		return this.inner.ensureFolder(path);
	}

	rename(from: string, to: string): Promise<void> {
		return this.inner.rename(from, to);
	}
}
