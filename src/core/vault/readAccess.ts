import type { NoteMetadata } from "../metadata";
import type { FileStat } from "../ports";
import { skipReasonForFile } from "./indexPolicy";
import {
	assertContained,
	ContainmentError,
	vaultPathAsWritten,
	type ContainmentPolicy,
	type ContainmentRule,
} from "./containment";
import type { HiddenReason, VaultView } from "./vaultView";

/**
 * The one guard every read the assistant asks for by path passes through (a tool reading a note,
 * a search reading a snippet, a mention in the prompt). It adds no rule of its own: the path
 * rules are the write guard's (`assertContained`), the privacy rules the view's, so that what the
 * assistant may read is exactly what it may find; and it reads only through the view.
 */

/** Why a read is refused: a path rule of the write guard, or a privacy rule of the view. */
export type ReadDenial = ContainmentRule | HiddenReason;

/** Why a path that may be read still cannot be read as a note. */
export type Unreadable = "not-markdown" | "too-large";

export type ReadAccess =
	| { readonly kind: "allowed"; readonly path: string; readonly stat: FileStat; readonly metadata: NoteMetadata }
	| {
			readonly kind: "denied";
			readonly rule: ReadDenial;
			readonly explanation: string;
			/** The path asked for, as a `not-found` would name it: what a model is told instead when the rule is a private folder. */
			readonly path: string;
	  }
	| { readonly kind: "not-found"; readonly path: string }
	| { readonly kind: "unreadable"; readonly path: string; readonly reason: Unreadable };

/** The privacy rules a path alone triggers: judged before any file is looked up, so a refusal tells nothing of a file. */
const PATH_RULES: readonly HiddenReason[] = ["config-folder", "assistant-internal", "excluded-folder"];

const EXPLANATIONS: Readonly<Record<HiddenReason, string>> = {
	"config-folder": "The vault's configuration folder and trash are off limits.",
	"assistant-internal": "Chat transcripts and the audit log are never read back.",
	"excluded-folder": "The folder is marked private in the settings.",
	"excluded-tag": "The note has a tag marked private in the settings.",
	private: "The note is marked private (assistant: private).",
	"no-metadata":
		"Obsidian has not read the note's properties yet, so whether it is private is unknown; it stays closed until then.",
	"unreadable-frontmatter":
		"The note's properties (frontmatter) could not be read, so it counts as private until the user fixes them.",
	"linked-by-hidden-notes": "Only private notes link to or embed the file, so it is private with them.",
};

/**
 * Whether the note at `path` (as the model or a link wrote it) may be read. A refusal never
 * repeats the path, and a path rule refuses before the guard looks at the file, so that a
 * private folder does not even tell whether a file exists in it.
 */
export function checkReadAccess(path: string, view: VaultView): ReadAccess {
	const contained = containmentOf(path, view.policy);
	if (contained.kind === "denied") return contained;
	const normalized = contained.path;
	const hidden = view.hiddenReason(normalized);
	// A note hidden by what it says of itself (its flag, a tag, properties that do not parse) is
	// answered as a note that is not there: a refusal would tell the model it exists, and why.
	if (hidden !== null)
		return PATH_RULES.includes(hidden) ? denied(hidden, normalized) : { kind: "not-found", path: normalized };
	const stat = view.stat(normalized);
	if (stat === null) return { kind: "not-found", path: normalized };
	const fileReason = skipReasonForFile(stat.path, stat.size, view.policy);
	if (fileReason !== null)
		return { kind: "unreadable", path: stat.path, reason: fileReason === "too-large" ? "too-large" : "not-markdown" };
	const metadata = view.getMetadata(stat.path);
	// The view shows a note only with its metadata; without it the note would have been hidden.
	if (metadata === null) return denied("no-metadata", stat.path);
	return { kind: "allowed", path: stat.path, stat, metadata };
}

function denied(rule: HiddenReason, path: string): ReadAccess {
	return { kind: "denied", rule, explanation: EXPLANATIONS[rule], path };
}

type Containment =
	| { readonly kind: "contained"; readonly path: string }
	| { readonly kind: "denied"; readonly rule: ContainmentRule; readonly explanation: string; readonly path: string };

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
		if (error instanceof ContainmentError)
			return { kind: "denied", rule: error.rule, explanation: error.message, path: vaultPathAsWritten(path) };
		throw error;
	}
}

/** The policy as a key: every field of it (a new field fails to type-check here until it is part of the key). */
function policyKeyOf(policy: ContainmentPolicy): string {
	return JSON.stringify({
		configDir: policy.configDir,
		excludedFolders: policy.excludedFolders,
	} satisfies Required<ContainmentPolicy>);
}
