import type { Plugin } from "esbuild";

export const sdkUnusedParts: Plugin;
