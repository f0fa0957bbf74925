import type { IndexPolicy } from "../../retrieval";
import type { ReadAccess, ReadDenial } from "../../vault/readAccess";
import { formatCount } from "./textPages";
import { toolError, type ToolResult } from "./toolResult";

/**
 * What the model is told when a note cannot be read. A denial names the rule and nothing else:
 * not the path (it may be absolute), not a word of the content. A path in a private folder is
 * answered as a path where nothing is: "the folder is marked private" would tell which folders
 * the user keeps private, and, asked below them, which of their notes and folders exist.
 */
export function accessRefusal(access: Exclude<ReadAccess, { kind: "allowed" }>, policy: IndexPolicy): ToolResult {
	switch (access.kind) {
		case "denied":
			if (PRIVATE_FOLDER_RULES.includes(access.rule)) return noNoteAt(access.path);
			return { text: `Access denied: ${access.rule}. ${access.explanation}`, isError: true };
		case "not-found":
			return noNoteAt(access.path);
		case "unreadable":
			return toolError(UNREADABLE[access.reason](access.path, policy));
	}
}

/** The rules that refuse a path for a folder the user keeps private: the containment guard's and the view's. */
const PRIVATE_FOLDER_RULES: readonly ReadDenial[] = ["excluded", "excluded-folder"];

function noNoteAt(path: string): ToolResult {
	return toolError(
		`no note at "${path}". Paths are vault paths as memory_search gives them, e.g. "Projects/Atlas.md".`,
	);
}

const UNREADABLE: Readonly<
	Record<Extract<ReadAccess, { kind: "unreadable" }>["reason"], (path: string, policy: IndexPolicy) => string>
> = {
	"not-markdown": (path) => `"${path}" is not a markdown note (.md); only notes can be read.`,
	"too-large": (path, policy) =>
		`"${path}" is larger than the ${formatCount(Math.round(policy.maxFileBytes / 1024))} KB a note may have to be read.`,
};
