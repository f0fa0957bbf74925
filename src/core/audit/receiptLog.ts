import type { Clock, LogFile } from "../ports";
import { DEFAULT_KEEP_LIMITS, newestWithin, pastLimits, type KeepLimits, type KeptLine } from "./logBounds";
import { receiptSchema, type Receipt } from "./receipt";
import { parseJson } from "./parse";

interface Line extends KeptLine {
	readonly line: string;
}

/**
 * The receipts of what left the plugin, in the plugin's own log file beside the audit trail
 * (outside the notes: never indexed, never offered to the model). Bounded like the text kept for
 * undo (`KeepLimits`): once past its size or age, the file is rewritten with its newest lines.
 * A receipt that cannot be written never fails the request it describes; the request has left.
 */
export class ReceiptLog {
	/** The file's length and the time of its oldest line, as this log knows them; `null` until it is first read. */
	private known: { size: number; oldest: number } | null = null;
	private queue: Promise<unknown> = Promise.resolve();

	constructor(
		private readonly file: LogFile,
		private readonly clock: Clock,
		private readonly limits: KeepLimits = DEFAULT_KEEP_LIMITS,
	) {}

	/** Records `receipt`; resolves once it is written, or could not be. */
	record(receipt: Omit<Receipt, "time">): Promise<void> {
		return this.serially(async () => {
			const now = this.clock.now();
			const line = `${JSON.stringify({ time: now.toISOString(), ...receipt })}\n`;
			const known = this.known ?? sizeOf(linesOf(await this.file.readAll(), now.getTime()));
			await this.file.append(line);
			this.known = { size: known.size + line.length, oldest: Math.min(known.oldest, now.getTime()) };
			const oldest = { at: this.known.oldest, size: 0 };
			if (pastLimits([oldest], this.known.size, this.limits, now.getTime())) await this.rewrite(now.getTime());
		}).catch(() => undefined);
	}

	/** The receipts, oldest first; a line that is not one (cut short by a crash, edited by hand) is skipped. */
	async read(): Promise<Receipt[]> {
		return (await this.file.readAll()).split("\n").flatMap((line) => {
			const parsed = receiptSchema.safeParse(parseJson(line));
			return parsed.success ? [parsed.data] : [];
		});
	}

	/**
	 * Rewrites the file with its newest lines within the limits. It is read again first, so that
	 * receipts another process appended (the command line beside Obsidian) are weighed with this
	 * one's, and none is lost but the oldest.
	 */
	private async rewrite(now: number): Promise<void> {
		this.known = null;
		const lines = linesOf(await this.file.readAll(), now);
		const kept = newestWithin(lines.reverse(), this.limits, now).reverse();
		await this.file.replace(kept.map((entry) => entry.line).join(""));
		this.known = sizeOf(kept);
	}

	private serially(task: () => Promise<void>): Promise<void> {
		const run = this.queue.then(task, task);
		this.queue = run.catch(() => undefined);
		return run;
	}
}

function sizeOf(lines: readonly Line[]): { size: number; oldest: number } {
	return {
		size: lines.reduce((sum, entry) => sum + entry.size, 0),
		oldest: lines.reduce((oldest, entry) => Math.min(oldest, entry.at), Infinity),
	};
}

/** The file's lines, oldest first, each whole with its newline; one whose time cannot be read counts as written now. */
function linesOf(text: string, now: number): Line[] {
	return text
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => {
			const time = (parseJson(line) as { time?: unknown } | undefined)?.time;
			const at = typeof time === "string" ? Date.parse(time) : NaN;
			return { line: `${line}\n`, at: Number.isNaN(at) ? now : at, size: line.length + 1 };
		});
}
