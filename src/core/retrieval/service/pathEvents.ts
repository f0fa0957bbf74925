/** A span of time during which a read is in flight, and the paths an event touched since it began. */
export interface ReadWindow {
	/** Whether an event (changed, renamed, deleted) touched `path` since the window opened. */
	touched(path: string): boolean;
	close(): void;
}

/**
 * Tells an asynchronous read whether the vault's events overtook it. An event is applied to the
 * index at once, with the content it carries; a read that started before it holds older text
 * (or a file since deleted), so it must be dropped rather than applied after the event.
 * Events are remembered only while a window is open, so nothing accumulates between builds.
 */
export class PathEvents {
	private sequence = 0;
	private readonly lastEvent = new Map<string, number>();
	private openWindows = 0;

	touch(path: string): void {
		if (this.openWindows > 0) this.lastEvent.set(path, ++this.sequence);
	}

	open(): ReadWindow {
		this.openWindows++;
		const since = this.sequence;
		let closed = false;
		return {
			touched: (path) => (this.lastEvent.get(path) ?? 0) > since,
			close: () => {
				if (closed) return;
				closed = true;
				if (--this.openWindows === 0) this.lastEvent.clear();
			},
		};
	}
}
