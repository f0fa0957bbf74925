import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO } from "./bundles";

/** A fresh temporary copy of the bundled example vault, and the function that removes it. */
export function copyExampleVault(): { readonly dir: string; readonly remove: () => void } {
	return copyVault(join(REPO, "examples", "vault"));
}

/** A fresh temporary copy of the vault in `source` (the page writes to its vault; `source` stays as it was), and the function that removes it. */
export function copyVault(source: string): { readonly dir: string; readonly remove: () => void } {
	const dir = mkdtempSync(join(tmpdir(), "assistant-workspace-sandbox-"));
	cpSync(source, dir, { recursive: true });
	return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
