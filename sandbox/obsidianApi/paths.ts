import { normalizeVaultPath } from "../../src/core/vault/paths";

/**
 * Obsidian looks paths up exactly as given, so the mock refuses a path that `normalizePath`
 * would change: a forgotten `normalizePath` fails the test instead of passing by luck.
 */
export function requireNormalized(path: string): string {
	if (normalizeVaultPath(path) !== path) throw new Error(`Path not normalized (call normalizePath): ${path}`);
	return path;
}
