import type { Plugin } from "esbuild";

export function keepUsedErrorClasses(source: string, file: string): string;
export const sdkErrorClassesUsed: Plugin;
