import { Emitter, type ListenerRef } from "../../headless/inMemory/emitter";

/** Obsidian's `Events`: `on`/`off`/`offref`/`trigger` with untyped event names. */
export class Events extends Emitter<Record<string, unknown[]>> {}

/**
 * Obsidian's `Component`: `load` runs `onload` then loads the children; `unload` unloads the
 * children, runs `onunload` and undoes everything registered, which is what a test checks
 * when it proves that disabling the plugin leaves no listener or timer behind.
 */
export class Component {
	private loaded = false;
	private children: Component[] = [];
	private cleanups: (() => unknown)[] = [];

	/** What `onload` returned, for a test to await (Obsidian does not wait for it). */
	loading: Promise<void> = Promise.resolve();

	load(): void {
		if (this.loaded) return;
		this.loaded = true;
		this.loading = Promise.resolve(this.onload());
		for (const child of this.children) child.load();
	}

	onload(): void | Promise<void> {}

	unload(): void {
		if (!this.loaded) return;
		this.loaded = false;
		for (const child of this.children.splice(0)) child.unload();
		this.onunload();
		for (const cleanup of this.cleanups.splice(0)) cleanup();
	}

	onunload(): void {}

	addChild<T extends Component>(component: T): T {
		this.children.push(component);
		if (this.loaded) component.load();
		return component;
	}

	removeChild<T extends Component>(component: T): T {
		this.children = this.children.filter((child) => child !== component);
		component.unload();
		return component;
	}

	register(cleanup: () => unknown): void {
		this.cleanups.push(cleanup);
	}

	registerEvent(ref: ListenerRef): void {
		this.register(() => ref.emitter.offref(ref));
	}

	registerInterval(id: number): number {
		this.register(() => clearInterval(id));
		return id;
	}

	registerDomEvent(
		target: EventTarget,
		type: string,
		listener: EventListener,
		options?: AddEventListenerOptions,
	): void {
		target.addEventListener(type, listener, options);
		this.register(() => target.removeEventListener(type, listener, options));
	}

	/** Whether the component is loaded (for tests; Obsidian keeps this private as `_loaded`). */
	get isLoaded(): boolean {
		return this.loaded;
	}
}
