import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";

/** The database the tests' stores open: one name, as one vault's. */
export const NAME = "assistant-workspace-index-test";
let factory: IDBFactory = new IDBFactory();

/**
 * A fresh IndexedDB before each test, as on a new device (the plugin reaches it through
 * `window`), and what is in it read and written behind the store's back.
 */
export function useFakeDevice(): void {
	beforeEach(() => {
		factory = new IDBFactory();
		(globalThis as { window?: unknown }).window = { indexedDB: factory };
	});
	afterAll(() => {
		delete (globalThis as { window?: unknown }).window;
	});
}

/** The records of the store as IndexedDB holds them, by key. */
export async function records(): Promise<Map<string, unknown>> {
	const database = await opened();
	const read = database.transaction("records").objectStore("records");
	const [keys, values] = await Promise.all([request(read.getAllKeys()), request(read.getAll())]);
	database.close();
	return new Map(keys.map((key, i) => [String(key), values[i]]));
}

/** Writes records behind the store's back: another version's, a damaged one, or one gone. */
export async function write(change: (records: IDBObjectStore) => void): Promise<void> {
	const database = await opened();
	const transaction = database.transaction("records", "readwrite");
	change(transaction.objectStore("records"));
	await new Promise((resolve) => (transaction.oncomplete = resolve));
	database.close();
}

async function opened(): Promise<IDBDatabase> {
	const opening = factory.open(NAME, 1);
	opening.onupgradeneeded = () => opening.result.createObjectStore("records");
	return request(opening);
}

function request<T>(pending: IDBRequest<T>): Promise<T> {
	return new Promise((resolve, reject) => {
		pending.onsuccess = () => resolve(pending.result);
		pending.onerror = () => reject(pending.error);
	});
}
