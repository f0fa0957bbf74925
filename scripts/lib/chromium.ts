import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium (`apt-get install chromium`); nothing is ever downloaded. `CHROMIUM` names another.
 * Shared by the end-to-end tests and the load-time benchmark, so both drive the same browser the same way.
 */
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** What to do when there is no Chromium where `CHROMIUM` points, or `null` when there is one. */
export function missingChromium(): string | null {
	return existsSync(CHROMIUM)
		? null
		: `No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\`, or name one with CHROMIUM.`;
}

/** Headless Chromium with no network use of its own: no updates, sync, metrics or component downloads. */
export async function launchChromium(): Promise<Browser> {
	const missing = missingChromium();
	if (missing !== null) throw new Error(missing);
	return chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		// Root in CI has no user namespace for Chromium's sandbox; the pages are our own.
		chromiumSandbox: false,
		args: [
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
			"--disable-default-apps",
			"--metrics-recording-only",
			"--no-first-run",
			"--no-default-browser-check",
			"--disable-features=Translate,OptimizationHints,MediaRouter",
			"--disable-gpu",
		],
	});
}
