import { readFileSync } from "node:fs";
import type { SandboxBundles } from "../../../sandbox/server/bundles";

/** Where the global setup left the built bundles, for the test files (workers inherit the environment). */
export const BUNDLES_ENV = "ASSISTANT_E2E_BUNDLES";

export function readBundles(): SandboxBundles {
	const file = process.env[BUNDLES_ENV];
	if (file === undefined)
		throw new Error("Run the end-to-end tests with `npm run test:e2e` (its global setup builds the bundles).");
	return JSON.parse(readFileSync(file, "utf8")) as SandboxBundles;
}
