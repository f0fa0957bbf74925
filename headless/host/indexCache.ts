import { createHash, randomBytes } from "node:crypto";
import {
	chmodSync,
	closeSync,
	constants,
	fstatSync,
	fsyncSync,
	lstatSync,
	mkdirSync,
	openSync,
	readdirSync,
	readFileSync,
	readSync,
	realpathSync,
	renameSync,
	rmSync,
	writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { IndexSnapshot } from "../../src/core/retrieval";
import { isUsableSnapshot } from "../../src/core/retrieval/indexing/snapshotShape";
import { SavedRowsError, type RowBlock, type StoredSnapshot } from "../../src/core/retrieval/vectors/vectorRows";
import type { NoteLinks } from "../vault/diskVault";
import { isRunning } from "../vault/pathLock";

/** What is saved: the index, and the links of the notes it holds (so a start need not parse them to rank by links). */
export interface SavedIndex {
	readonly snapshot: IndexSnapshot;
	readonly links: ReadonlyMap<string, NoteLinks>;
}

/**
 * The layout of the cache file. Bumped when it changes; the index's own snapshot version and
 * policy travel in `IndexSnapshot.settings`, which must match too.
 */
const CACHE_FORMAT = 1;
const MAGIC = "assistant-workspace index\n";
const FILE_NAME = "index.bin";
/** The vectors of search by meaning, beside the index: embedded once, kept across runs. */
const VECTORS_FILE_NAME = "vectors.bin";
/** Not followed when opening, on systems that know the flag (0 elsewhere). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/**
 * Past this a file is not read: a snapshot of a vault of 50,000 notes takes a few hundred
 * megabytes, so a larger file is damage (or not ours), and reading it whole would cost the memory.
 */
const MAX_FILE_BYTES = 1024 * 1024 * 1024;

/** The header before the snapshot's bytes: what it was made under, and how to tell it arrived whole. */
interface CacheHeader {
	readonly format: number;
	/** The vault folder's real path, so a hash shared by two vaults (or a copied cache) is not taken. */
	readonly vault: string;
	/** `IndexSnapshot.settings`: the snapshot version, the privacy rules and the chunking. */
	readonly settings: string;
	readonly bytes: number;
	readonly sha256: string;
}

/**
 * The search index of one vault saved on this device, outside the vault (a sync tool never sees
 * it, and it tells nothing to whoever reads the vault): in the user's cache folder, one file per
 * vault, written whole or not at all.
 */
export interface IndexCache {
	/** The file, for the messages. */
	readonly path: string;
	/**
	 * The snapshot saved under exactly `settings` (same snapshot version, same privacy rules),
	 * or `null`: none, made under other settings, or damaged. Anything but none and other settings
	 * is said in one line on stderr; the caller then builds from the notes, so nothing is lost.
	 */
	load(settings: string): SavedIndex | null;
	/** Replaces what is saved; a failure is said on stderr, the next start builds again. */
	save(saved: SavedIndex): void;
	/**
	 * The vectors of search by meaning saved for the model `modelId`, as `encodeVectorSnapshot`
	 * wrote them, or `null`: none, another model's, or damaged (said on stderr, as for the index).
	 */
	loadVectors(modelId: string): SavedVectors | null;
	/** Replaces the vectors saved, with the model they were made by; a failure is said on stderr. Whether it saved. */
	saveVectors(modelId: string, snapshot: Uint8Array): boolean;
}

/**
 * Vectors saved for search by meaning, as every host hands them back (`StoredSnapshot`): the
 * snapshot read whole and checked, and a reader of its rows block in that file, read by offset.
 * The file stays open until `release`, so that a later save (a new file put in its place) leaves
 * the rows read as they were checked.
 */
export type SavedVectors = StoredSnapshot;

/** What decides where the cache lives: the environment and the platform (parameters, for tests). */
export interface CacheEnvironment {
	readonly env: Readonly<Record<string, string | undefined>>;
	readonly platform: NodeJS.Platform;
	readonly home: string;
}

const PROCESS_ENVIRONMENT = (): CacheEnvironment => ({ env: process.env, platform: process.platform, home: homedir() });

/**
 * The cache of the vault at `vaultDir`, under `AW_CACHE_DIR` when set (tests, a user who keeps
 * caches elsewhere) or the platform's cache folder; `null` with `AW_NO_CACHE=1`, which neither
 * reads nor writes one.
 */
export function indexCacheFor(vaultDir: string, where: CacheEnvironment = PROCESS_ENVIRONMENT()): IndexCache | null {
	if (where.env.AW_NO_CACHE === "1") return null;
	const vault = realpathSync.native(vaultDir);
	const folder = join(cacheRoot(where), createHash("sha256").update(vault).digest("hex").slice(0, 32));
	return new FileIndexCache(vault, folder);
}

/** `<user cache folder>/assistant-workspace`, or `AW_CACHE_DIR` as it is. */
export function cacheRoot({ env, platform, home }: CacheEnvironment): string {
	if (nonEmpty(env.AW_CACHE_DIR)) return env.AW_CACHE_DIR;
	const base =
		platform === "darwin"
			? join(home, "Library", "Caches")
			: platform === "win32"
				? nonEmpty(env.LOCALAPPDATA)
					? env.LOCALAPPDATA
					: join(home, "AppData", "Local")
				: // The XDG spec ignores a relative path: it would depend on where the server was started.
					nonEmpty(env.XDG_CACHE_HOME) && env.XDG_CACHE_HOME.startsWith("/")
					? env.XDG_CACHE_HOME
					: join(home, ".cache");
	return join(base, "assistant-workspace");
}

function nonEmpty(value: string | undefined): value is string {
	return value !== undefined && value !== "";
}

/** What a cache file holds, as `FileIndexCache` reads and writes either of its two. */
interface CacheFile {
	readonly path: string;
	/** What the file is, in the messages: "search index", "vectors for search by meaning". */
	readonly what: string;
}

class FileIndexCache implements IndexCache {
	readonly path: string;
	private readonly index: CacheFile;
	private readonly vectors: CacheFile;

	constructor(
		private readonly vault: string,
		private readonly folder: string,
	) {
		this.path = join(folder, FILE_NAME);
		this.index = { path: this.path, what: "search index" };
		this.vectors = { path: join(folder, VECTORS_FILE_NAME), what: "vectors for search by meaning" };
	}

	load(settings: string): SavedIndex | null {
		const body = this.read(this.index, settings);
		if (body === null) return null;
		let saved: unknown;
		try {
			saved = deserialize(body);
		} catch {
			return this.unusable(this.index, "is damaged");
		}
		const { snapshot, links } = (saved ?? {}) as { snapshot?: unknown; links?: unknown };
		if (!isUsableSnapshot(snapshot) || snapshot.settings !== settings || !isLinks(links))
			return this.unusable(this.index, "is damaged");
		return { snapshot, links: new Map(links) };
	}

	save({ snapshot, links }: SavedIndex): void {
		this.write(this.index, snapshot.settings, serialize({ snapshot, links: [...links] }));
	}

	loadVectors(modelId: string): SavedVectors | null {
		let file: { fd: number; bodyAt: number } | null = null;
		const bytes = this.read(this.vectors, modelId, (fd, bodyAt) => (file = { fd, bodyAt }));
		if (bytes === null || file === null) return null;
		const { fd, bodyAt } = file;
		const readNow = (block: RowBlock, rows: Int32Array): Int8Array => {
			const out = new Int8Array(rows.length * block.rowBytes);
			rows.forEach((row, at) => {
				const position = bodyAt + block.offset + row * block.rowBytes;
				if (readSync(fd, out, at * block.rowBytes, block.rowBytes, position) !== block.rowBytes)
					throw new SavedRowsError(`the ${this.vectors.what} at ${this.vectors.path} end before row ${row}`);
			});
			return out;
		};
		return {
			bytes,
			rowsFrom: (block) => ({
				read: (rows) => Promise.resolve(readNow(block, rows)),
				readNow: (rows) => readNow(block, rows),
			}),
			release: () => closeSync(fd),
		};
	}

	saveVectors(modelId: string, snapshot: Uint8Array): boolean {
		return this.write(this.vectors, modelId, snapshot);
	}

	/**
	 * The body of `file` saved for this vault under exactly `settings`, checked whole, or `null`:
	 * none, made under other settings, or damaged. `keep`, when given, is handed the file, still
	 * open, and where the body starts in it, once the body is checked; the file is then not closed.
	 */
	private read(cached: CacheFile, settings: string, keep?: (fd: number, bodyAt: number) => void): Buffer | null {
		let fd: number;
		try {
			// Not through a symbolic link: whatever it led to would not be a file this user wrote.
			fd = openSync(cached.path, constants.O_RDONLY | NO_FOLLOW);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") return null; // none yet
			return this.unusable(cached, `could not be read (${error instanceof Error ? error.message : String(error)})`);
		}
		let file: Buffer | null;
		try {
			file = this.ownFile(cached, fd);
		} catch (error) {
			file = this.unusable(cached, `could not be read (${error instanceof Error ? error.message : String(error)})`);
		}
		const body = file === null ? null : this.checkedBody(cached, settings, file);
		if (file !== null && body !== null && keep !== undefined) keep(fd, file.length - body.length);
		else closeSync(fd);
		return body;
	}

	/** The whole of the open file, if it is of a size an index takes and this user's alone. */
	private ownFile(cached: CacheFile, fd: number): Buffer | null {
		const { size, uid, mode } = fstatSync(fd);
		if (size > MAX_FILE_BYTES) return this.unusable(cached, `is ${size} bytes, more than an index takes`);
		// The cache folder may be shared (an XDG_CACHE_HOME or AW_CACHE_DIR others can write to): a
		// file another user made or could have changed would decide what search finds, and its header is
		// easy to forge. Only a file of this user's that only this user can write is taken.
		const user = process.getuid?.();
		if (user !== undefined && (uid !== user || (mode & 0o022) !== 0))
			return this.unusable(cached, "is not this user's own file");
		return readFileSync(fd);
	}

	/** The body of a cache file read whole, if it is this vault's, made under `settings`, and whole. */
	private checkedBody(cached: CacheFile, settings: string, file: Buffer): Buffer | null {
		const header = headerOf(file);
		if (header === null) return this.unusable(cached, "is damaged or of another version");
		if (header.vault !== this.vault) return null; // another vault's, whose path hashes the same
		// Other privacy rules, another engine, chunking or model: never taken, not even re-checked.
		if (header.settings !== settings) return this.unusable(cached, "was made under other settings or another version");
		const body = file.subarray(file.length - header.bytes);
		if (createHash("sha256").update(body).digest("hex") !== header.sha256) return this.unusable(cached, "is damaged");
		return body;
	}

	private write(cached: CacheFile, settings: string, body: Uint8Array): boolean {
		const header: CacheHeader = {
			format: CACHE_FORMAT,
			vault: this.vault,
			settings,
			bytes: body.length,
			sha256: createHash("sha256").update(body).digest("hex"),
		};
		// Unique per process: a command line run and the MCP server may save the same vault's at once.
		const temporary = `${cached.path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
		try {
			// Owner only, like the vault's notes it is made of: the cache folder may be shared.
			mkdirSync(this.folder, { recursive: true, mode: 0o700 });
			// In a shared cache folder another user may have made this one first, or a symbolic link
			// to a folder of this user's elsewhere, which the chmod would follow and the index land in.
			const folder = lstatSync(this.folder);
			const user = process.getuid?.();
			if (!folder.isDirectory() || (user !== undefined && folder.uid !== user))
				throw new Error("it is not a folder of this user's own");
			chmodSync(this.folder, 0o700);
			removeLeftovers(this.folder);
			const fd = openSync(temporary, "wx", 0o600);
			try {
				writeSync(fd, `${MAGIC}${JSON.stringify(header)}\n`);
				writeSync(fd, body);
				fsyncSync(fd);
			} finally {
				closeSync(fd);
			}
			renameSync(temporary, cached.path);
			return true;
		} catch (error) {
			rmSync(temporary, { force: true });
			process.stderr.write(
				`The ${cached.what} could not be saved at ${cached.path} (${error instanceof Error ? error.message : String(error)}): the next start builds it again.\n`,
			);
			return false;
		}
	}

	private unusable(cached: CacheFile, why: string): null {
		process.stderr.write(`The saved ${cached.what} at ${cached.path} ${why}: building it again from the notes.\n`);
		return null;
	}
}

/** A temporary file of a save, named after the process that writes it. */
const TEMPORARY_NAME = new RegExp(
	`^(?:${[FILE_NAME, VECTORS_FILE_NAME].map((name) => name.replace(".", "\\.")).join("|")})\\.(\\d+)\\.[0-9a-f]{8}\\.tmp$`,
);

/**
 * Removes what saves of processes that no longer run left in `folder`: a save killed half-way
 * (kill -9, a crash, the machine off) leaves its temporary file, as large as the index, and
 * nothing else would ever remove it. A save under way in another process is left alone.
 */
function removeLeftovers(folder: string): void {
	for (const name of readdirSync(folder)) {
		const pid = TEMPORARY_NAME.exec(name)?.[1];
		if (pid === undefined || isRunning(Number(pid))) continue;
		const file = join(folder, name);
		// Not written to for a while as well: a process in another container sharing the folder has
		// ids this one cannot see, and its save under way must not be taken for a leftover.
		if (Date.now() - (lstatSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > LEFTOVER_AGE_MS)
			rmSync(file, { force: true });
	}
}

/** How long a temporary file is left unchanged before it counts as left over (milliseconds). */
const LEFTOVER_AGE_MS = 10 * 60_000;

/** Links as saved: `[path, NoteLinks]` pairs. */
function isLinks(value: unknown): value is [string, NoteLinks][] {
	if (!Array.isArray(value)) return false;
	for (const pair of value as unknown[]) {
		if (!Array.isArray(pair) || pair.length !== 2) return false;
		const [path, note] = pair as unknown[];
		if (typeof path !== "string" || typeof note !== "object" || note === null) return false;
		const { mtime, size, links } = note as Partial<Record<keyof NoteLinks, unknown>>;
		if (typeof mtime !== "number" || typeof size !== "number") return false;
		if (!Array.isArray(links) || !links.every((link) => typeof link === "string")) return false;
	}
	return true;
}

/** The header of a cache file of this format whose length fits it, or `null`. */
function headerOf(file: Buffer): CacheHeader | null {
	if (file.subarray(0, MAGIC.length).toString("latin1") !== MAGIC) return null;
	const end = file.indexOf(10, MAGIC.length);
	if (end < 0) return null;
	let header: unknown;
	try {
		header = JSON.parse(file.subarray(MAGIC.length, end).toString("utf8"));
	} catch {
		return null;
	}
	if (typeof header !== "object" || header === null) return null;
	const { format, vault, settings, bytes, sha256 } = header as Partial<Record<keyof CacheHeader, unknown>>;
	if (format !== CACHE_FORMAT || typeof vault !== "string" || typeof settings !== "string") return null;
	if (typeof sha256 !== "string" || bytes !== file.length - end - 1) return null;
	return { format, vault, settings, bytes, sha256 };
}
