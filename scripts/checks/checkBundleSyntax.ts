import { readFileSync } from "node:fs";
import { findUnsupportedSyntax } from "./bundleSyntax";

/**
 * `npx tsx scripts/checks/checkBundleSyntax.ts [main.js]`: fails when the built bundle holds
 * syntax that iOS and iPadOS 15 cannot parse, where one such piece stops the whole plugin loading.
 */
function main(file: string): void {
	const problems = findUnsupportedSyntax(readFileSync(file, "utf8"));
	if (problems.length === 0) {
		console.log(`${file}: no syntax that Safari 15 cannot parse`);
		return;
	}
	for (const { line, column, what } of problems) console.error(`${file}:${line}:${column + 1}: ${what}`);
	console.error(`${file} would not load on iOS and iPadOS 15 (syntax Safari 15 lacks: ${problems.length})`);
	process.exitCode = 1;
}

main(process.argv[2] ?? "main.js");
