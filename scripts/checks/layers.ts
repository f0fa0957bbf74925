import { resolve } from "node:path";
import { importGraphOf } from "./importGraph";
import { CHECKED_FOLDERS } from "./layerRules";
import { layerViolations } from "./layerViolations";

/**
 * The layer check: `npx tsx scripts/checks/layers.ts [root]` reads the import graph of the
 * repository (or of `root`) and prints every import that runs uphill or sideways, every import
 * of `tests/` from shipped code, every package a rule keeps out and every import cycle, one a
 * line; the exit code is 1 when there is any. The layers and the rules are tables in `layerRules.ts`.
 */
function main(): void {
	const root = resolve(process.argv[2] ?? ".");
	const graph = importGraphOf(root, CHECKED_FOLDERS);
	const violations = layerViolations(graph);
	for (const violation of violations) process.stderr.write(`${violation.kind}: ${violation.message}\n`);
	if (violations.length > 0) {
		process.stderr.write(`The layer check failed: ${violations.length} problem(s) in ${graph.size} files.\n`);
		process.exitCode = 1;
		return;
	}
	process.stdout.write(`The layers run one way: ${graph.size} files, no uphill import, no cycle.\n`);
}

main();
