import type { BuildOptions } from "esbuild";

export function pluginBuildOptions(options: { readonly production: boolean }): BuildOptions;
