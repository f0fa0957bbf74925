import type { Plugin } from "esbuild";

export function rewriteSdkPath(source: string, file: string): string;
export const sdkPathWithoutLookbehind: Plugin;
