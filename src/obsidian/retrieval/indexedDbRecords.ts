/** The one object store of the index's database, records stored by structured cloning, typed arrays as they are. */
const RECORDS = "records";

/**
 * One vault's database of the search index and the vectors (see `IndexedDbIndexStore`), and the
 * way every record is read and written: requests in a transaction of their own, one after the
 * other, so that each structured clone (made on the main thread when a record is put, and when a
 * read is handed over) is a short task of its own.
 */
export class IndexedDbRecords {
	private database: Promise<IDBDatabase> | null = null;
	private closed = false;

	constructor(private readonly name: string) {}

	/**
	 * Requests in one transaction, each asked for (`ask`, until it says `null`) when one before it
	 * succeeded, with `inFlight` of them under way, the results taken in order (`took`): so each
	 * structured clone is a task of its own, and the transaction stays active between them.
	 * Settled when the transaction is (so a write is durable); rejected when it aborts (`took`
	 * may throw to abort it), having written nothing.
	 */
	async stream(
		mode: IDBTransactionMode,
		ask: (records: IDBObjectStore) => IDBRequest | null,
		took: (result: unknown) => void = () => undefined,
		inFlight = 1,
	): Promise<void> {
		const database = await this.open();
		return new Promise((resolve, reject) => {
			const transaction = database.transaction(RECORDS, mode);
			const records = transaction.objectStore(RECORDS);
			let thrown: unknown = null;
			let pending = 0;
			const guarded = (work: () => void) => () => {
				try {
					work();
				} catch (error) {
					// A record that cannot be cloned, say: nothing of this transaction is written.
					thrown = error;
					transaction.abort();
				}
			};
			const fill = guarded(() => {
				while (pending < inFlight) {
					const request = ask(records);
					if (request === null) return;
					pending++;
					request.onsuccess = guarded(() => {
						pending--;
						took(request.result);
						fill();
					});
				}
			});
			transaction.oncomplete = () => resolve();
			transaction.onabort = () => reject(failure(thrown ?? transaction.error));
			fill();
		});
	}

	/** The record under `key`, `undefined` when there is none. */
	async get(key: string): Promise<unknown> {
		let value: unknown;
		await this.stream(
			"readonly",
			once((records) => records.get(key)),
			(result) => (value = result),
		);
		return value;
	}

	/** Closes the connection for good: a request made after (a query late for the plugin's unload) is refused, not opened anew. */
	async close(): Promise<void> {
		this.closed = true;
		if (this.database === null) return;
		// Transactions under way (a save) still complete: IndexedDB closes the connection after them.
		(await this.database.catch(() => null))?.close();
		this.database = null;
	}

	private open(): Promise<IDBDatabase> {
		if (this.closed) return Promise.reject(new Error("The search index's database was closed."));
		this.database ??= new Promise((resolve, reject) => {
			const opening = window.indexedDB.open(this.name, 1);
			opening.onupgradeneeded = () => opening.result.createObjectStore(RECORDS);
			opening.onsuccess = () => {
				// A newer version of the plugin upgrading the database must not wait for this one.
				opening.result.onversionchange = () => opening.result.close();
				resolve(opening.result);
			};
			opening.onerror = () => reject(failure(opening.error));
		});
		return this.database;
	}
}

/** Asks for the request `make` makes, once. */
export function once(make: (records: IDBObjectStore) => IDBRequest): (records: IDBObjectStore) => IDBRequest | null {
	let asked = false;
	return (records) => {
		if (asked) return null;
		asked = true;
		return make(records);
	};
}

/**
 * Asks for the requests `makes` make, one after the other: each but the last until it says `null`;
 * the last one from then on, whenever a request before succeeds (it may say `null` until then).
 */
export function inTurn(
	...makes: ((records: IDBObjectStore) => IDBRequest | null)[]
): (records: IDBObjectStore) => IDBRequest | null {
	let at = 0;
	return (records) => {
		for (; at < makes.length - 1; at++) {
			const request = makes[at](records);
			if (request !== null) return request;
		}
		return makes[at](records);
	};
}

/** IndexedDB's error, or one saying so when it gives none (an abort without a cause). */
function failure(error: unknown): Error {
	return (error as Error | null) ?? new Error("The IndexedDB request failed.");
}

/** Bytes as structured cloning gives them back, whichever realm made them. */
export function isBytes(value: unknown): value is Uint8Array {
	return Object.prototype.toString.call(value) === "[object Uint8Array]";
}
