/**
 * The assistant folder picked in the settings, not yet switched to: the setting changes only
 * once the switch is confirmed and its step succeeded, so that a folder half switched to is
 * never in use. The rows that show it listen.
 */
export class FolderDraft {
	private folder: string | null = null;
	private readonly listeners = new Set<() => void>();

	get value(): string | null {
		return this.folder;
	}

	/** Picks `folder`; picking the folder in use drops the draft. */
	set(folder: string, current: string): void {
		this.folder = folder === current ? null : folder;
		for (const listener of this.listeners) listener();
	}

	clear(): void {
		this.folder = null;
		for (const listener of this.listeners) listener();
	}

	/** Calls `listener` after every change; returns the function that stops it. */
	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}
}
