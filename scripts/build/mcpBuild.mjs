import { build } from "esbuild";
import { chmodSync } from "node:fs";
import { MCP_BUNDLE, mcpBuildOptions } from "./mcpBuildOptions.mjs";

/**
 * `node scripts/build/mcpBuild.mjs [outfile]` (`npm run build:mcp`): the headless MCP server in one
 * file, `assistant-workspace-mcp.cjs` unless another path is given, made executable.
 * Reproducible: the same sources give the same bytes (no dates, no absolute paths: esbuild names
 * the inputs relative to the repository), which CI checks by building twice.
 */
const options = mcpBuildOptions({ outfile: process.argv[2] ?? MCP_BUNDLE });
await build(options);
chmodSync(options.outfile, 0o755);
