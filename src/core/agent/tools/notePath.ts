import { checkReadAccess, type ReadAccess } from "../../vault/readAccess";
import type { MemoryToolDeps } from "./memoryToolDeps";

const WIKILINK = /^\[\[([^\]]*)\]\]$/;

/**
 * The note a path from the model names, checked by the read guard: a vault path as the search
 * gives it, or else a link as a note writes it (`[[Atlas]]`, `Atlas`, `Projects/Atlas#Goals`),
 * resolved as Obsidian resolves links. The guard judges what was written before any lookup, and
 * the resolved note again.
 */
export function resolveNotePath(path: string, deps: MemoryToolDeps): ReadAccess {
	const direct = checkReadAccess(path, deps.vault);
	if (direct.kind !== "not-found") return direct;
	const inner = WIKILINK.exec(path.trim())?.[1] ?? path;
	const linkpath = inner.split("|", 1)[0].split("#", 1)[0].trim();
	const target = linkpath === "" ? null : deps.vault.resolveLink(linkpath, "");
	return target === null ? direct : checkReadAccess(target, deps.vault);
}
