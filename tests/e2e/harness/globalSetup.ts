import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildBundles } from "../../../sandbox/server/bundles";
import { BUNDLES_ENV } from "./bundlesFile";

/** Builds the plugin and the shell once for the whole run; each test file reads them back. */
export default async function globalSetup(): Promise<void> {
	const file = join(mkdtempSync(join(tmpdir(), "assistant-workspace-e2e-")), "bundles.json");
	writeFileSync(file, JSON.stringify(await buildBundles()));
	process.env[BUNDLES_ENV] = file;
}
