/**
 * Obsidian's `Scope`: the key handlers of a modal or view. The mock keeps what is registered
 * (a test can look); the mock modals handle their own keys, as Obsidian's defaults do.
 */
export class Scope {
	readonly handlers: { modifiers: string[] | null; key: string | null; func: (evt: KeyboardEvent) => unknown }[] = [];

	register(modifiers: string[] | null, key: string | null, func: (evt: KeyboardEvent) => unknown): unknown {
		const handler = { modifiers, key, func };
		this.handlers.push(handler);
		return handler;
	}
}
