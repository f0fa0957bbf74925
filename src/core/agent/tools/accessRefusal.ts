import type { IndexPolicy } from "../../retrieval";
import type { ReadAccess } from "../../vault/readAccess";
import { formatCount } from "./textPages";
import { toolError, type ToolResult } from "./toolResult";

/**
 * What the model is told when a note cannot be read. A denial names the rule and nothing else:
 * not the path (it may be absolute), not a word of the content.
 */
export function accessRefusal(access: Exclude<ReadAccess, { kind: "allowed" }>, policy: IndexPolicy): ToolResult {
	switch (access.kind) {
		case "denied":
			return { text: `Access denied: ${access.rule}. ${access.explanation}`, isError: true };
		case "not-found":
			return toolError(
				`no note at "${access.path}". Paths are vault paths as memory_search gives them, e.g. "Projects/Atlas.md".`,
			);
		case "unreadable":
			return toolError(UNREADABLE[access.reason](access.path, policy));
	}
}

const UNREADABLE: Readonly<
	Record<Extract<ReadAccess, { kind: "unreadable" }>["reason"], (path: string, policy: IndexPolicy) => string>
> = {
	"not-markdown": (path) => `"${path}" is not a markdown note (.md); only notes can be read.`,
	"too-large": (path, policy) =>
		`"${path}" is larger than the ${formatCount(Math.round(policy.maxFileBytes / 1024))} KB a note may have to be read.`,
};
