import { performance } from "node:perf_hooks";
import type { MemoryToolDeps } from "../../src/core/agent/tools";
import type { DailyMemory } from "../../src/core/memory/daily";
import type { Clock, MetadataSource, NoteStore } from "../../src/core/ports";
import {
	linkGraphFromResolvedLinks,
	RetrievalIndex,
	SKIP_REASONS,
	type IndexPolicy,
	type IndexSnapshot,
} from "../../src/core/retrieval";
import type { ResolvedLinks } from "../../src/core/retrieval/service/serviceTypes";
import { readNote } from "../../src/core/retrieval/service/noteReader";
import type { VaultView } from "../../src/core/vault/vaultView";
import type { WorkspaceLayout } from "../../src/core/workspace/layout";
import type { HeadlessWorkspace } from "./headlessWorkspace";
import type { IndexCache } from "./indexCache";
import { meaningOverIndex, type MeaningSetup } from "./headlessMeaning";
import { LiveMeaning } from "./liveMeaning";
import { hybridSearch } from "../../src/core/retrieval/meaning/hybridSearch";
import type { MeaningStatus } from "../../src/core/retrieval/meaning/meaningIndex";
import type { DiskVault, NoteLinks } from "../vault/diskVault";

/**
 * Quiet time after the index last changed before a long-lived host saves it: a client writing
 * entries one after the other costs one save, not one per entry.
 */
const SAVE_QUIET_MS = 30_000;

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
	/** Whether the index was restored from the device's cache, rather than built from every note. */
	readonly restored: boolean;
	/**
	 * Where search by meaning stands: after the start, or now on a host that embeds in the
	 * background; `null` without it (or before the server first answered, in the background).
	 */
	readonly meaning: MeaningStatus | null;
	/**
	 * Saves the index (and the vectors) to the device's cache now if they changed since last saved
	 * (nothing without a cache), stops embedding in the background, and saves no more: for a host
	 * that stops.
	 */
	close(): void;
}

/** The vault as the index is built over it: every file listed (to count what it leaves out), text only through the view. */
export interface IndexedVault {
	readonly files: Pick<NoteStore, "listFiles">;
	readonly metadata: MetadataSource & { readonly resolvedLinks: ResolvedLinks };
	readonly view: VaultView;
	/** The notes' links as the metadata last parsed them, saved with the index (the disk vault's). */
	readonly links?: Pick<DiskVault, "adoptLinks" | "linksOf">;
}

export interface MemorySetup {
	readonly layout: WorkspaceLayout;
	readonly clock: Clock;
	readonly recentDailyMemory: (days: number) => Promise<readonly DailyMemory[]>;
}

/**
 * The memory tools over a vault folder on disk, under its settings' privacy rules; the index
 * restored from `cache` and saved there when given (see `indexCacheFor`); search by meaning too
 * with `meaning`.
 */
export function openHeadlessMemory(
	headless: HeadlessWorkspace,
	cache: IndexCache | null = null,
	meaning?: MeaningSetup,
): Promise<HeadlessMemory> {
	const { workspace, vault } = headless;
	return memoryOverVault(
		{ files: vault, metadata: vault, view: workspace.vault, links: vault },
		{ layout: workspace.layout, clock: headless.clock, recentDailyMemory: (days) => workspace.recentDailyMemory(days) },
		cache,
		meaning,
	);
}

/**
 * Indexes every note of a vault as the plugin's index service does (a hidden note is counted,
 * never read), and wires the tools to it and to the view. With a cache, the index starts from the
 * snapshot saved under the same privacy rules and engine (any other is not used), and only the
 * notes whose mtime or size changed since, new or gone are read or dropped; it is saved after the
 * start when that changed anything, a while after later changes, and when the process exits.
 * With search by meaning, the notes are embedded before the start ends, or in the background
 * from then on with `live` (see `LiveMeaning`).
 */
export async function memoryOverVault(
	vault: IndexedVault,
	setup: MemorySetup,
	cache: IndexCache | null = null,
	meaningSetup?: MeaningSetup,
): Promise<HeadlessMemory> {
	const started = performance.now();
	const policy = vault.view.policy;
	const fresh = new RetrievalIndex(policy);
	const saved = cache === null ? null : cache.load(fresh.settings);
	const index = saved === null || cache === null ? fresh : (restored(saved.snapshot, policy, cache.path) ?? fresh);
	if (saved !== null && index !== fresh) vault.links?.adoptLinks(saved.links);
	const source = { files: vault.view, policy };
	let unsaved = index === fresh;
	let saveTimer: NodeJS.Timeout | null = null;
	// Set once the index is built: the background embedding starts over the notes it holds.
	let live: LiveMeaning | null = null;
	const save = () => {
		if (saveTimer !== null) clearTimeout(saveTimer);
		saveTimer = null;
		live?.save();
		if (cache === null || !unsaved) return;
		unsaved = false;
		cache.save({ snapshot: index.toSnapshot(), links: linksHeld(index, vault) });
	};
	const refresh = async () => {
		const before = countsOf(index);
		const toRead = index.reconcile(vault.files.listFiles());
		for (const file of toRead) {
			const note = await readNote(file, source);
			if (note !== null) index.upsert(note);
		}
		for (const step of index.catchUp()) void step;
		const changed = toRead.length > 0 || countsOf(index) !== before;
		// Before the call this refresh was made for is answered: a note gone or hidden leaves the vectors too.
		live?.refreshed(
			changed,
			toRead.map((file) => file.path),
		);
		if (!changed) return;
		unsaved = true;
		if (saveTimer !== null || cache === null) return;
		// Not kept alive for it: a host that ends saves on its way out.
		saveTimer = setTimeout(save, SAVE_QUIET_MS).unref();
	};
	await refresh();
	const buildMs = performance.now() - started;
	const links = linkGraphFromResolvedLinks(vault.metadata.resolvedLinks);
	// After the links are taken, so that they are saved too.
	save();
	// Synchronous, as `exit` listeners must be: the snapshot is encoded and written in one go.
	if (cache !== null) process.on("exit", save);
	const close = () => {
		live?.stop();
		save();
		process.off("exit", save);
	};
	let meaning: Awaited<ReturnType<typeof meaningOverIndex>> | null = null;
	if (meaningSetup?.live !== undefined) {
		live = new LiveMeaning(index, vault.view, meaningSetup, meaningSetup.live);
		live.start();
	} else if (meaningSetup !== undefined) {
		meaning = await meaningOverIndex(index, vault.view, meaningSetup);
	}
	const byMeaning = meaning?.meaning ?? null;
	const deps: MemoryToolDeps = {
		// As the plugin's index service searches: today from the clock, links from the metadata cache.
		index: {
			search: (query, options) => {
				const searched = { ...options, now: setup.clock.now(), links };
				if (live !== null) return live.search(query, searched);
				return byMeaning === null ? index.search(query, searched) : hybridSearch(index, byMeaning, query, searched);
			},
		},
		vault: vault.view,
		...setup,
	};
	return {
		index,
		deps,
		buildMs,
		refresh,
		restored: index !== fresh,
		close,
		get meaning() {
			return live === null ? (meaning?.status ?? null) : live.status;
		},
	};
}

/** The index a saved snapshot holds, or `null` when decoding it fails after all (said on stderr). */
function restored(snapshot: IndexSnapshot, policy: IndexPolicy, path: string): RetrievalIndex | null {
	let index: RetrievalIndex | null = null;
	try {
		index = RetrievalIndex.fromSnapshot(snapshot, policy);
	} catch {
		// A snapshot the checks let through yet decoding could not read: said below, like one it gave up on.
	}
	// Under the settings it was saved with, every file the snapshot lists comes back; decoding gives up with none.
	const { notes, skipped } = index?.stats() ?? { notes: -1, skipped: 0 };
	if (notes + skipped === snapshot.fileVersions.length / 2) return index;
	process.stderr.write(`The saved search index at ${path} could not be read: building it again from the notes.\n`);
	return null;
}

/**
 * The links of the notes the index holds, as far as they were parsed: none of a note it leaves
 * out (private, an excluded folder or tag), whose words never leave the vault.
 */
function linksHeld(index: RetrievalIndex, vault: IndexedVault): ReadonlyMap<string, NoteLinks> {
	if (vault.links === undefined) return new Map();
	const left = new Set(SKIP_REASONS.flatMap((reason) => index.skippedFor(reason, Number.POSITIVE_INFINITY)));
	const held = vault.files.listFiles().filter((file) => !left.has(file.path));
	return vault.links.linksOf(held.map((file) => file.path));
}

/** What changes when a file is dropped from the index, as one comparable value. */
function countsOf(index: RetrievalIndex): string {
	const { notes, skipped } = index.stats();
	return `${notes}/${skipped}`;
}
