import { privacyView } from "../../../../src/core/vault/vaultView";
import type { IndexPolicy } from "../../../../src/core/retrieval";
import {
	IndexService,
	type IndexServiceOptions,
	type IndexStatus,
} from "../../../../src/core/retrieval/service/indexService";
import { FakeScheduler } from "../../../harness/fakeScheduler";
import { MemoryIndexStore } from "../../../harness/memoryIndexStore";
import { MemoryVault, type SeedFile } from "../../../../headless/inMemory/memoryVault";
import { NOW, policyFor } from "../vaultFixtures";

/** File times that move on with every write, so that an edit always changes the mtime. */
function tickingClock(): () => number {
	let time = Date.UTC(2026, 0, 1);
	return () => (time += 1000);
}

export interface ServiceSetup {
	readonly policy?: IndexPolicy;
	readonly pinned?: readonly string[];
	readonly options?: IndexServiceOptions;
	/** Notes the metadata cache does not know yet. */
	readonly notReady?: Set<string>;
	/** Main-thread milliseconds the metadata lookup of each note costs on the fake clock. */
	readonly noteCostMs?: number;
	/** Shared by the services of one test, as the device's IndexedDB is across restarts. */
	readonly store?: MemoryIndexStore;
	/** Reads wait until this settles: a slow disk, for events to overtake them. */
	readonly readsWaitFor?: Promise<void>;
	readonly scheduler?: FakeScheduler;
}

/**
 * A service over a `MemoryVault`, on a fake clock, following the vault's events as the plugin's
 * adapter does; counts the notes it reads.
 */
export function serviceOver(vault: MemoryVault, setup: ServiceSetup = {}) {
	const scheduler = setup.scheduler ?? new FakeScheduler();
	const store = setup.store ?? new MemoryIndexStore();
	const notReady = setup.notReady ?? new Set<string>();
	const reads: string[] = [];
	const metadata = {
		getMetadata: (path: string) => {
			scheduler.spend(setup.noteCostMs ?? 0);
			return notReady.has(path) ? null : vault.getMetadata(path);
		},
		resolveLink: (linkpath: string, sourcePath: string) => vault.resolveLink(linkpath, sourcePath),
		resolvedLinks: vault.resolvedLinks,
	};
	const reading = {
		configDir: vault.configDir,
		listFiles: () => vault.listFiles(),
		filesIn: (folder: string) => vault.filesIn(folder),
		listFolders: () => vault.listFolders(),
		stat: (path: string) => vault.stat(path),
		isFolder: (path: string) => vault.isFolder(path),
		readBinary: (path: string) => vault.readBinary(path),
		read: async (path: string) => {
			reads.push(path);
			const content = await vault.read(path);
			await setup.readsWaitFor;
			return content;
		},
	};
	// The view follows the policy the service is given, as the plugin's follows the settings.
	let policy = setup.policy ?? policyFor();
	const notes = privacyView({ store: reading, metadata }, () => policy);
	const service = new IndexService(
		{
			files: { listFiles: () => vault.listFiles(), stat: (path) => vault.stat(path) },
			notes,
			resolvedLinks: () => vault.resolvedLinks,
			store,
			clock: { now: () => NOW },
			scheduler,
		},
		policy,
		setup.pinned ?? [],
		setup.options,
	);
	const setPolicy = service.setPolicy.bind(service);
	service.setPolicy = (next) => {
		policy = next;
		setPolicy(next);
	};
	const statuses: IndexStatus[] = [];
	service.onStatus((status) => statuses.push(status));
	const refs = [
		vault.on("changed", (item, data, cache) => {
			const stat = vault.stat(item.path);
			if (stat) service.noteChanged({ path: item.path, content: data, metadata: cache, stat });
		}),
		vault.on("rename", (item, oldPath) => {
			if (item.kind === "file") void service.noteRenamed(oldPath, item.path);
		}),
		vault.on("delete", (item) => {
			if (item.kind === "file") service.noteDeleted(item.path);
		}),
		vault.on("resolved", () => service.linksChanged()),
	];
	/** Stops following the vault's events: what happens next, the service is not told. */
	const unfollow = () => {
		for (const ref of refs) vault.offref(ref);
	};
	return {
		service,
		/** The privacy view the service reads through. */
		notes,
		scheduler,
		store,
		reads,
		statuses,
		unfollow,
		/** Closes the service and stops following the vault, as unloading the plugin does. */
		async stop() {
			unfollow();
			await service.close();
		},
	};
}

export function vaultOf(files: Record<string, SeedFile>): MemoryVault {
	return new MemoryVault({ files, now: tickingClock() });
}

export function paths(hits: readonly { path: string }[]): string[] {
	return hits.map((hit) => hit.path);
}

/** Lets pending promise callbacks (reads, yields) run. */
export async function settle(): Promise<void> {
	for (let i = 0; i < 20; i++) await Promise.resolve();
}
