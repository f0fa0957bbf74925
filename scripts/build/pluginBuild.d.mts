import type { BuildOptions } from "esbuild";

export const BUNDLED_LIBRARIES: ReadonlyArray<{ readonly name: string; readonly license: string }>;
export function pluginBuildOptions(options: { readonly production: boolean }): BuildOptions;
