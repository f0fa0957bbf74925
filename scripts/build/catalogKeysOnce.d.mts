import type { Plugin } from "esbuild";

export function textsInKeyOrder(
	catalog: Readonly<Record<string, unknown>>,
	keys: readonly string[],
	file: string,
): unknown[];
export const catalogKeysOnce: Plugin;
