import type { BuildOptions } from "esbuild";

export const MCP_BUNDLE: string;
export const MCP_NOTICES: string;
export const MCP_BUNDLED_LIBRARIES: ReadonlyArray<{ readonly name: string; readonly license: string }>;
export function mcpBuildOptions(options?: { readonly outfile?: string }): BuildOptions;
