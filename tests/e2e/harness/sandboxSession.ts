import type { Browser, BrowserContext, Page } from "playwright-core";
import { copyExampleVault } from "../../../sandbox/server/exampleVault";
import { startSandbox, type Sandbox } from "../../../sandbox/server/sandboxServer";
import { launchChromium } from "../../../scripts/lib/chromium";
import { readBundles } from "./bundlesFile";
import { saveScreenshot } from "./screenshots";

export interface SessionOptions {
	readonly theme?: "light" | "dark";
	/** 1280×800 by default, a desktop window. */
	readonly viewport?: { readonly width: number; readonly height: number };
	/** Obsidian's interface language (`en` by default). */
	readonly language?: string;
	/** The fake Anthropic server's address, for a scenario that talks to a model. */
	readonly anthropicBaseURL?: string;
	/** The moment the plugin's clock starts from (ISO 8601; the page's time zone is UTC). */
	readonly now?: string;
	/** Secrets in Obsidian's secret storage when the page opens (a fake key), by name. */
	readonly secrets?: Readonly<Record<string, string>>;
	/** Files written into the copy of the vault before the page loads, by vault path (the plugin's `data.json` too). */
	readonly files?: Readonly<Record<string, string>>;
}

/** One sandbox in one browser tab: a fresh copy of the example vault, a fresh browser profile. */
export interface SandboxSession {
	readonly page: Page;
	readonly sandbox: Sandbox;
	/** A note's text on disk, once every change the page made has reached it. */
	readFromDisk(path: string): Promise<string>;
	/** A file's text on disk once `holds` says it is as expected (a change the page makes on its own, later). */
	untilOnDisk(path: string, holds: (text: string) => boolean): Promise<string>;
	screenshot(name: string): Promise<string>;
	/** Every URL the page asked for since it opened (Playwright's request events), in order: where it went over the network. */
	readonly requestedUrls: readonly string[];
	/** Reloads the page, as a person reopens the vault: the same folder on disk, the plugin loaded again. */
	reload(): Promise<void>;
}

/**
 * The end-to-end tests' fixture: one Chromium for the test file, and `open()` for a sandbox
 * per test, all closed after it. A test fails if the page threw an error nobody caught.
 */
export function useSandbox(): (options?: SessionOptions) => Promise<SandboxSession> {
	let browser: Browser | null = null;
	const bundles = readBundles();
	let cleanups: (() => Promise<void> | void)[] = [];
	let pageErrors: string[] = [];

	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterEach(async () => {
		for (const cleanup of cleanups.reverse()) await cleanup();
		cleanups = [];
		const errors = pageErrors;
		pageErrors = [];
		expect(errors).toEqual([]);
	});
	afterAll(async () => {
		await browser?.close();
	});

	return async (options = {}) => {
		if (browser === null) throw new Error("The browser starts in beforeAll; open a sandbox inside a test.");
		const vault = copyExampleVault();
		cleanups.push(vault.remove);
		const { language, anthropicBaseURL, now, secrets } = options;
		const sandbox = await startSandbox({ bundles, vaultDir: vault.dir, language, anthropicBaseURL, now, secrets });
		cleanups.push(() => sandbox.close());
		for (const [path, content] of Object.entries(options.files ?? {})) await sandbox.vault.write(path, content);
		const context: BrowserContext = await browser.newContext({
			viewport: options.viewport ?? { width: 1280, height: 800 },
			colorScheme: options.theme ?? "light",
			// Local time is what the heartbeat's active hours and daily notes go by: the same on every machine.
			timezoneId: "UTC",
		});
		cleanups.push(() => context.close());
		const page = await context.newPage();
		// A step that does not happen fails within the test's time, naming the step.
		page.setDefaultTimeout(8000);
		page.on("pageerror", (error) => pageErrors.push(error.message));
		const requestedUrls: string[] = [];
		page.on("request", (request) => requestedUrls.push(request.url()));
		await page.goto(`${sandbox.url}?theme=${options.theme ?? "light"}`);
		await untilStarted(page);
		const readFromDisk = async (path: string) => {
			await settled(page);
			return sandbox.vault.read(path);
		};
		return {
			page,
			sandbox,
			readFromDisk,
			untilOnDisk: async (path, holds) => {
				for (let waited = 0; waited < DISK_WAIT_MS; waited += 100) {
					const text = await readFromDisk(path).catch(() => "");
					if (holdsOn(holds, text)) return text;
					await page.waitForTimeout(100);
				}
				throw new Error(
					`${path} on disk did not become as expected within ${DISK_WAIT_MS} ms: ${await readFromDisk(path).catch(String)}`,
				);
			},
			screenshot: (name) => saveScreenshot(page, name),
			requestedUrls,
			reload: async () => {
				await settled(page);
				await page.reload();
				await untilStarted(page);
			},
		};
	};
}

const DISK_WAIT_MS = 5000;

/** A file missing or half written (`holds` cannot parse it) is not as expected yet. */
function holdsOn(holds: (text: string) => boolean, text: string): boolean {
	try {
		return holds(text);
	} catch {
		return false;
	}
}

/** Waits until every change the page made has reached the folder on disk. */
async function settled(page: Page): Promise<void> {
	await page.evaluate(() => (window as unknown as { sandbox: { settled(): Promise<void> } }).sandbox.settled());
}

/** Waits until the page has loaded the plugin and laid out the workspace, or says why it could not. */
async function untilStarted(page: Page): Promise<void> {
	await page.locator("body[data-sandbox]").waitFor({ timeout: 15000 });
	if ((await page.getAttribute("body", "data-sandbox")) !== "ready")
		throw new Error(`The sandbox did not start: ${await page.locator(".notice").allTextContents()}`);
}
