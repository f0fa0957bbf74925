import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";

/** Where screenshots go: `test-results/screenshots/` (ignored by git), or `E2E_SCREENSHOTS`. */
export const SCREENSHOT_DIR = resolve(
	process.env.E2E_SCREENSHOTS ?? join(__dirname, "..", "..", "..", "test-results", "screenshots"),
);

/** Saves the page as `<name>.png`; every scenario leaves at least one, for a person to judge. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	const path = join(SCREENSHOT_DIR, `${name}.png`);
	// Caret and animations frozen, so two runs of a scenario give the same picture.
	await page.screenshot({ path, animations: "disabled", caret: "hide" });
	return path;
}
