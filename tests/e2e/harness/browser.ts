import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`); nothing is ever downloaded. `CHROMIUM` names another. */
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** Headless Chromium with no network use of its own: no updates, sync, metrics or component downloads. */
export async function launchChromium(): Promise<Browser> {
	if (!existsSync(CHROMIUM))
		throw new Error(`No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\`.`);
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
