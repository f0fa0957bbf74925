import type { NoteMetadata } from "../metadata";
import type { FileStat, MetadataSource, NoteStore } from "../ports";
import { skipReasonForFile, skipReasonForNote, tagsOf, type IndexPolicy, type SkipReason } from "../retrieval";
import { assertContained, ContainmentError, type ContainmentPolicy, type ContainmentRule } from "./containment";

/**
 * The one guard every read the assistant asks for passes through (a tool reading a note, a
 * search reading a snippet). It adds no rule of its own: the path rules are the write guard's
 * (`assertContained`), the privacy rules the index's (`skipReasonForFile`, `skipReasonForNote`),
 * so that what the assistant may read is exactly what it may find.
 */

/** Privacy rules of the index that a path alone triggers. */
type PathDenial = "config-folder" | "assistant-internal" | "excluded-folder";
/** Privacy rules of the index that only the note's metadata tells. */
type NoteDenial = "excluded-tag" | "private";

/** Why a read is refused: a path rule of the write guard, or a privacy rule of the index. */
export type ReadDenial = ContainmentRule | PathDenial | NoteDenial;

/** Why a path that may be read still cannot be read as a note. */
export type Unreadable = "not-markdown" | "too-large" | "no-metadata";

export type ReadAccess =
	| { readonly kind: "allowed"; readonly path: string; readonly stat: FileStat; readonly metadata: NoteMetadata }
	| { readonly kind: "denied"; readonly rule: ReadDenial; readonly explanation: string }
	| { readonly kind: "not-found"; readonly path: string }
	| { readonly kind: "unreadable"; readonly path: string; readonly reason: Unreadable };

/** What the guard needs of the vault: whether a file is there, and what the metadata cache says of it. */
export interface ReadableVault {
	readonly store: Pick<NoteStore, "stat">;
	readonly metadata: Pick<MetadataSource, "getMetadata">;
}

const EXPLANATIONS: Readonly<Record<PathDenial | NoteDenial, string>> = {
	"config-folder": "The vault's configuration folder is off limits.",
	"assistant-internal": "Chat transcripts and the audit log are never read back.",
	"excluded-folder": "The folder is marked private in the settings.",
	"excluded-tag": "The note has a tag marked private in the settings.",
	private: "The note is marked private (assistant: private).",
};

const isPathDenial = (reason: SkipReason): reason is PathDenial =>
	reason === "config-folder" || reason === "assistant-internal" || reason === "excluded-folder";

const isNoteDenial = (reason: SkipReason): reason is NoteDenial => reason === "excluded-tag" || reason === "private";

/**
 * Whether the note at `path` (as the model or a link wrote it) may be read. A refusal never
 * repeats the path, and a path rule refuses before the guard looks at the file, so that a
 * private folder does not even tell whether a file exists in it.
 */
export function checkReadAccess(path: string, vault: ReadableVault, policy: IndexPolicy): ReadAccess {
	const contained = containmentOf(path, policy);
	if (contained.kind === "denied") return contained;
	const normalized = contained.path;
	const stat = vault.store.stat(normalized);
	const fileReason = skipReasonForFile(normalized, stat?.size ?? 0, policy);
	if (fileReason !== null && isPathDenial(fileReason)) return denied(fileReason);
	if (stat === null) return { kind: "not-found", path: normalized };
	if (fileReason !== null) return { kind: "unreadable", path: normalized, reason: fileReason === "too-large" ? "too-large" : "not-markdown" };
	const metadata = vault.metadata.getMetadata(normalized);
	// Without metadata the privacy flag is unknown: the note stays closed until the cache has it.
	if (metadata === null) return { kind: "unreadable", path: normalized, reason: "no-metadata" };
	const noteReason = skipReasonForNote(metadata, tagsOf(metadata), policy);
	if (noteReason !== null) return isNoteDenial(noteReason) ? denied(noteReason) : { kind: "unreadable", path: normalized, reason: "no-metadata" };
	return { kind: "allowed", path: normalized, stat, metadata };
}

function denied(rule: PathDenial | NoteDenial): ReadAccess {
	return { kind: "denied", rule, explanation: EXPLANATIONS[rule] };
}

type Containment = { readonly kind: "contained"; readonly path: string } | { readonly kind: "denied"; readonly rule: ContainmentRule; readonly explanation: string };

/**
 * The write guard's verdicts, remembered by policy and path. A verdict depends on nothing else
 * (the guard reads no file), and the same paths are judged every turn: each daily note for the
 * memory hint, each search hit. Cleared when it outgrows a large vault's listing.
 */
const verdicts = new Map<string, Map<string, Containment>>();
const REMEMBERED_PATHS = 100_000;

function containmentOf(path: string, policy: ContainmentPolicy): Containment {
	// Keyed by the policy's value, not the object: settings may change the folders in place.
	const key = policyKeyOf(policy);
	let byPath = verdicts.get(key);
	if (byPath === undefined || byPath.size >= REMEMBERED_PATHS) {
		verdicts.clear();
		byPath = new Map();
		verdicts.set(key, byPath);
	}
	let verdict = byPath.get(path);
	if (verdict === undefined) {
		verdict = judged(path, policy);
		byPath.set(path, verdict);
	}
	return verdict;
}

function judged(path: string, policy: ContainmentPolicy): Containment {
	try {
		return { kind: "contained", path: assertContained(path, policy) };
	} catch (error) {
		if (error instanceof ContainmentError) return { kind: "denied", rule: error.rule, explanation: error.message };
		throw error;
	}
}

/** The policy as a key: every field of it (a new field fails to type-check here until it is part of the key). */
function policyKeyOf(policy: ContainmentPolicy): string {
	return JSON.stringify({ configDir: policy.configDir, excludedFolders: policy.excludedFolders } satisfies Required<ContainmentPolicy>);
}
