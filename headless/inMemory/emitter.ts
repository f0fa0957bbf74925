/**
 * A typed event emitter with the semantics of Obsidian's `Events`: listeners run in the order
 * they were added, `ctx` becomes `this` inside the listener, and a listener that throws is
 * logged and does not stop the others (Obsidian's `tryTrigger`). The last rule matters for the
 * vault: by the time an event fires the write has happened, and a faulty subscriber must not
 * turn it into a rejected promise.
 */

export type Listener<Args extends unknown[]> = (...args: Args) => unknown;

/** What `on` returns, for `offref` (Obsidian's `EventRef`). */
export interface ListenerRef {
	readonly emitter: { offref(ref: ListenerRef): void };
}

interface Registration<Args extends unknown[]> extends ListenerRef {
	readonly listener: Listener<Args>;
	readonly ctx: unknown;
}

type Registry<E> = { [K in keyof E]?: Registration<E[K] & unknown[]>[] };

export class Emitter<E extends { [K in keyof E]: unknown[] }> {
	private registry: Registry<E> = {};

	on<K extends keyof E>(name: K, listener: Listener<E[K]>, ctx?: unknown): ListenerRef {
		const registration: Registration<E[K]> = { emitter: this, listener, ctx };
		// Copy on write, so that a listener added or removed while an event fires takes effect
		// from the next event on, as in Obsidian.
		this.registry[name] = [...(this.registry[name] ?? []), registration];
		return registration;
	}

	off<K extends keyof E>(name: K, listener: Listener<E[K]>): void {
		this.registry[name] = (this.registry[name] ?? []).filter((r) => r.listener !== listener);
	}

	offref(ref: ListenerRef): void {
		for (const name of Object.keys(this.registry) as (keyof E)[]) {
			this.registry[name] = (this.registry[name] ?? []).filter((r) => r !== ref);
		}
	}

	trigger<K extends keyof E>(name: K, ...args: E[K]): void {
		for (const { listener, ctx } of this.registry[name] ?? []) {
			try {
				listener.apply(ctx, args);
			} catch (error) {
				console.error(error);
			}
		}
	}
}
