import { performance } from "node:perf_hooks";
import type { MemoryToolDeps } from "../../src/core/agent/tools";
import type { DailyMemory } from "../../src/core/memory/daily";
import type { LinkCounts } from "../../headless/links/linkCounts";
import type { Clock, MetadataSource, NoteStore } from "../../src/core/ports";
import { indexPolicyFor, linkGraphFromResolvedLinks, RetrievalIndex, type IndexPolicy } from "../../src/core/retrieval";
import type { WorkspaceLayout } from "../../src/core/workspace/layout";
import type { HeadlessWorkspace } from "./headless";

/** The memory tools' world over a vault: its search index, built at start, and its files. */
export interface HeadlessMemory {
	readonly index: RetrievalIndex;
	readonly deps: MemoryToolDeps;
	/** How long the index took to build, in milliseconds (every note read and parsed). */
	readonly buildMs: number;
}

/** A vault the index is built over: its notes, their metadata, and the metadata cache's link map. */
export type IndexedVault = NoteStore & MetadataSource & { readonly resolvedLinks: LinkCounts };

export interface MemorySetup {
	readonly layout: WorkspaceLayout;
	readonly policy: IndexPolicy;
	readonly clock: Clock;
	readonly recentDailyMemory: (days: number) => Promise<readonly DailyMemory[]>;
}

/** The memory tools over a vault folder on disk, under its settings' private folders and tags. */
export function openHeadlessMemory(headless: HeadlessWorkspace): Promise<HeadlessMemory> {
	const { workspace, settings, vault } = headless;
	return memoryOverVault(vault, {
		layout: workspace.layout,
		policy: indexPolicyFor(workspace.layout, {
			configDir: vault.configDir,
			excludedFolders: settings.excludedFolders,
			excludedTags: settings.excludedTags,
		}),
		clock: headless.clock,
		recentDailyMemory: (days) => workspace.recentDailyMemory(days),
	});
}

/**
 * Indexes every note of a vault as the plugin does, with the metadata its parser gave each, and
 * wires the tools to it and to the vault.
 */
export async function memoryOverVault(vault: IndexedVault, setup: MemorySetup): Promise<HeadlessMemory> {
	const started = performance.now();
	const index = new RetrievalIndex(setup.policy);
	for (const file of index.reconcile(vault.listFiles())) {
		index.upsert({ path: file.path, content: await vault.read(file.path), metadata: vault.getMetadata(file.path), stat: file });
	}
	for (const step of index.catchUp()) void step;
	const buildMs = performance.now() - started;
	const links = linkGraphFromResolvedLinks(vault.resolvedLinks);
	const deps: MemoryToolDeps = {
		// As the plugin's index service searches: today from the clock, links from the metadata cache.
		index: { search: (query, options) => index.search(query, { ...options, now: setup.clock.now(), links }) },
		store: vault,
		metadata: vault,
		...setup,
	};
	return { index, deps, buildMs };
}
