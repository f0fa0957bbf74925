import { performance } from "node:perf_hooks";
import type { MemoryToolDeps } from "../../src/core/agent/tools";
import type { DailyMemory } from "../../src/core/memory/daily";
import type { Clock, MetadataSource, NoteStore } from "../../src/core/ports";
import { linkGraphFromResolvedLinks, RetrievalIndex } from "../../src/core/retrieval";
import type { ResolvedLinks } from "../../src/core/retrieval/service/serviceTypes";
import { readNote } from "../../src/core/retrieval/service/noteReader";
import type { VaultView } from "../../src/core/vault/vaultView";
import type { WorkspaceLayout } from "../../src/core/workspace/layout";
import type { HeadlessWorkspace } from "./headlessWorkspace";

/** The memory tools' world over a vault: its search index, built at start, and its files. */
export interface HeadlessMemory {
	readonly index: RetrievalIndex;
	readonly deps: MemoryToolDeps;
	/** How long the index took to build, in milliseconds. */
	readonly buildMs: number;
	/**
	 * Reads again what changed in the listing since the index was built or last refreshed (by
	 * mtime and size): a server that lives on indexes the notes its own writes made.
	 */
	refresh(): Promise<void>;
}

/** The vault as the index is built over it: every file listed (to count what it leaves out), text only through the view. */
export interface IndexedVault {
	readonly files: Pick<NoteStore, "listFiles">;
	readonly metadata: MetadataSource & { readonly resolvedLinks: ResolvedLinks };
	readonly view: VaultView;
}

export interface MemorySetup {
	readonly layout: WorkspaceLayout;
	readonly clock: Clock;
	readonly recentDailyMemory: (days: number) => Promise<readonly DailyMemory[]>;
}

/** The memory tools over a vault folder on disk, under its settings' privacy rules. */
export function openHeadlessMemory(headless: HeadlessWorkspace): Promise<HeadlessMemory> {
	const { workspace, vault } = headless;
	return memoryOverVault(
		{ files: vault, metadata: vault, view: workspace.vault },
		{ layout: workspace.layout, clock: headless.clock, recentDailyMemory: (days) => workspace.recentDailyMemory(days) },
	);
}

/**
 * Indexes every note of a vault as the plugin's index service does (a hidden note is counted,
 * never read), and wires the tools to it and to the view.
 */
export async function memoryOverVault(vault: IndexedVault, setup: MemorySetup): Promise<HeadlessMemory> {
	const started = performance.now();
	const policy = vault.view.policy;
	const index = new RetrievalIndex(policy);
	const source = { files: vault.view, policy };
	const refresh = async () => {
		for (const file of index.reconcile(vault.files.listFiles())) {
			const note = await readNote(file, source);
			if (note !== null) index.upsert(note);
		}
		for (const step of index.catchUp()) void step;
	};
	await refresh();
	const buildMs = performance.now() - started;
	const links = linkGraphFromResolvedLinks(vault.metadata.resolvedLinks);
	const deps: MemoryToolDeps = {
		// As the plugin's index service searches: today from the clock, links from the metadata cache.
		index: { search: (query, options) => index.search(query, { ...options, now: setup.clock.now(), links }) },
		vault: vault.view,
		...setup,
	};
	return { index, deps, buildMs, refresh };
}
