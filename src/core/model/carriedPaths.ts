import type { ModelRequest } from "./modelClient";

/**
 * The notes and files whose content `request` carries, each once, in the order the request holds
 * them: the notes its system prompt was built from, then every tool result's sources and
 * attachments and every file attached to a message. A result withheld since (a note made
 * private) is sent without its sources, and so is not counted.
 */
export function carriedPaths(request: ModelRequest): string[] {
	const paths = new Set(request.origin?.notes ?? []);
	for (const message of request.messages)
		for (const block of message.content) {
			if (block.type === "tool_result") {
				for (const path of block.sources ?? []) paths.add(path);
				for (const file of block.attachments ?? []) paths.add(file.name);
			} else if (block.type === "image" || block.type === "document") paths.add(block.name);
		}
	return [...paths];
}
