import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as nodePath from "node:path";
import type { NoteInput } from "../../../src/core/retrieval";
import { computeMetadata } from "../../../headless/metadata";

/** The shared real vaults (read-only), kept next to the repository's clone; `CORPORA_DIR` points elsewhere. */
export const CORPORA_DIR =
	process.env.CORPORA_DIR ?? nodePath.resolve(__dirname, "..", "..", "..", "..", "shared", "corpora");
export const HELP_LANGUAGES = ["en", "zh", "ja"] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

export const helpVaultDir = (lang: HelpLanguage) => nodePath.join(CORPORA_DIR, "obsidian-help", lang);
export const hubVaultDir = () => nodePath.join(CORPORA_DIR, "obsidian-hub");

/** Every vault folder under CORPORA_DIR that the benchmarks read. */
export const allCorpusDirs = (): string[] => [hubVaultDir(), ...HELP_LANGUAGES.map(helpVaultDir)];

/** A run needs public vaults that are not where CORPORA_DIR says; the message says how to get them. */
export class CorporaMissingError extends Error {}

/**
 * Stops a run before any work when one of `dirs` is missing: the two public vaults are too large
 * for the repository, so a fresh clone does not have them until they are fetched.
 */
export function requireCorpora(dirs: readonly string[]): void {
	const missing = dirs.filter((dir) => !existsSync(dir));
	if (missing.length === 0) return;
	const fetch =
		process.env.CORPORA_DIR === undefined
			? "bash scripts/fetchCorpora.sh"
			: `CORPORA_DIR=${CORPORA_DIR} bash scripts/fetchCorpora.sh`;
	throw new CorporaMissingError(
		[
			`The public vaults this run reads are not in ${CORPORA_DIR}:`,
			...missing.map((dir) => `  missing ${dir}`),
			"Fetch them (Obsidian's help vault and the Obsidian Hub, at pinned commits; git and a network needed) with",
			`  ${fetch}`,
			"or set CORPORA_DIR to a folder that holds obsidian-help/ and obsidian-hub/.",
		].join("\n"),
	);
}

/** A markdown file of a vault: its vault path and text. */
export interface VaultFile {
	readonly path: string;
	readonly content: string;
}

/**
 * Every markdown file under `root`, in path order, dot-folders (`.obsidian`, `.git`) left out.
 * Read with plain `fs`, once, into memory: a benchmark only reads, and must measure the engine
 * rather than the disk.
 */
export function readMarkdownFolder(root: string): VaultFile[] {
	const files: VaultFile[] = [];
	const walk = (folder: string) => {
		const entries = readdirSync(nodePath.join(root, folder), { withFileTypes: true });
		for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
			if (entry.name.startsWith(".")) continue;
			const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
			if (entry.isDirectory()) walk(path);
			else if (entry.isFile() && path.endsWith(".md"))
				files.push({ path, content: readFileSync(nodePath.join(root, path), "utf8") });
		}
	};
	walk("");
	return files;
}

const encoder = new TextEncoder();

/** The note as the plugin hands it to an index: with the metadata Obsidian's cache would hold. */
export function noteInputOf(file: VaultFile, mtime: number): NoteInput {
	return {
		path: file.path,
		content: file.content,
		metadata: computeMetadata(file.content),
		stat: { mtime, size: encoder.encode(file.content).length },
	};
}

/** A vault read into notes, every file with the same modification time (the benchmarks change them by hand). */
export function loadVault(root: string, mtime: number): NoteInput[] {
	return readMarkdownFolder(root).map((file) => noteInputOf(file, mtime));
}
