import type { Clock } from "../../src/core/ports";
import type { IndexStore, VectorStore } from "../../src/core/retrieval/service/indexStore";
import type { ChatEndpoint } from "../../src/obsidian/obsidianModel";
import { asObsidianApp, setLanguageForTests } from "../obsidianApi";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { App } from "../obsidianApi/app";
import type { Plugin as MockPlugin } from "../obsidianApi/plugin";
import type { SandboxConfig } from "../server/protocol";
import { FileExplorer } from "./fileExplorer";
import * as obsidian from "./obsidian";
import { pluginClassOf } from "./pluginLoader";
import { ReadingPane } from "./readingPane";
import { sandboxClock } from "./sandboxClock";
import { installShellCommands } from "./shellCommands";
import { drawLayout } from "./shellLayout";
import { ShellNotice } from "./shellNotice";
import type { Plugin } from "./shellPlugin";
import { ShellWorkspace } from "./shellWorkspace";
import { applyInitialTheme } from "./theme";
import { mirrorConfigToDisk, mirrorToDisk, VaultServer } from "./vaultServer";

const FIRST_NOTE = "Welcome.md";
/** The longest the page waits for the workspace to be drawn before layout-ready. */
const FRAME_WAIT_MS = 500;

/**
 * Starts the sandbox's page: the vault from the server (its changes sent back to disk), the
 * workspace drawn, then the plugin's real `main.js` loaded as Obsidian loads it, and the
 * layout declared ready. `window.sandbox` is what the end-to-end tests wait on.
 */
async function boot(): Promise<void> {
	applyInitialTheme();
	const config = (await (await fetch("/api/config")).json()) as SandboxConfig;
	setLanguageForTests(config.language);
	const layout = drawLayout(document.body);
	const listing = await VaultServer.list();
	const files = Object.fromEntries(
		listing.files.map(({ path, content, ctime, mtime }) => [path, { content, ctime, mtime }]),
	);
	const memory = new MemoryVault({ configDir: config.configDir, files, folders: listing.folders, now: Date.now });
	const server = new VaultServer(
		(what, error) =>
			new ShellNotice(
				`The sandbox could not ${what} on disk: ${error instanceof Error ? error.message : String(error)}`,
				0,
			),
	);
	const app = new App(memory, (app, calls) => new ShellWorkspace(app, calls, layout, server));
	for (const [path, content] of Object.entries(listing.config)) app.vault.adapter.hidden.set(path, content);
	for (const [name, secret] of Object.entries(config.secrets)) app.secretStorage.setSecret(name, secret);
	enableDailyNotes(app, listing.config[`${config.configDir}/daily-notes.json`]);
	applyNewNoteLocation(app, listing.config[`${config.configDir}/app.json`]);
	mirrorToDisk(memory, server);
	mirrorConfigToDisk(app.vault.adapter, server);
	new FileExplorer(app, layout.fileExplorer);
	new ReadingPane(app, layout);

	const code = await (await fetch("/plugin/main.js")).text();
	// Marks for the load-time benchmark (`npm run bench:load`): evaluating main.js, then onload up to layout-ready.
	performance.mark("plugin-evaluate");
	const PluginClass = pluginClassOf(code, obsidian, config.manifest.id);
	performance.mark("plugin-evaluated");
	const clock = sandboxClock(config.now);
	class SandboxPlugin extends PluginClass {
		protected override clock(): Clock {
			return clock ?? super.clock();
		}

		protected override chatEndpoint(): ChatEndpoint {
			return config.anthropicBaseURL === null ? {} : { baseURL: config.anthropicBaseURL };
		}

		protected override indexStore(): IndexStore & VectorStore {
			return measuredStore(super.indexStore());
		}
	}
	const plugin = new SandboxPlugin(asObsidianApp(app), {
		...config.manifest,
		dir: `${config.configDir}/plugins/${config.manifest.id}`,
	});
	const mock = plugin as unknown as MockPlugin;
	mock.load();
	await mock.loading;
	performance.mark("plugin-loaded");
	installShellCommands(app, layout, [plugin as unknown as Plugin]);
	// As in Obsidian, the workspace is laid out with its note open, and drawn, before layout-ready:
	// what follows it is the plugins' own work. (A tab in the background draws no frame: its wait
	// ends at `FRAME_WAIT_MS`.)
	const first = app.vault.getFileByPath(FIRST_NOTE) ?? app.vault.getMarkdownFiles()[0];
	if (first !== undefined) await app.workspace.getLeaf().openFile(first);
	await new Promise((drawn) => {
		requestAnimationFrame(() => setTimeout(drawn, 0));
		setTimeout(drawn, FRAME_WAIT_MS);
	});
	app.workspace.triggerLayoutReady();
	performance.mark("layout-ready");
	Object.assign(window, { sandbox: { app, plugin, settled: () => server.settled() } });
	document.body.setAttr("data-sandbox", "ready");
}

/**
 * The plugin's own store (IndexedDB), each read and each snapshot written measured
 * (`performance.measure`, "index-load" and "index-save"): the browser benchmark
 * (`npm run bench:browser`) times the restore and the save by them.
 */
function measuredStore(store: IndexStore & VectorStore): IndexStore & VectorStore {
	const measured = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
		const start = performance.now();
		try {
			return await work();
		} finally {
			performance.measure(name, { start, end: performance.now() });
		}
	};
	return {
		load: () => measured("index-load", () => store.load()),
		saveSnapshot: (snapshot) => measured("index-save", () => store.saveSnapshot(snapshot)),
		saveOpens: (opens) => store.saveOpens(opens),
		clear: () => store.clear(),
		close: () => store.close(),
		loadVectors: (modelId) => measured("vectors-load", () => store.loadVectors(modelId)),
		saveVectors: (modelId, saved) => measured("vectors-save", () => store.saveVectors(modelId, saved)),
	};
}

/** Obsidian's "Default location for new notes", from the vault's `app.json` as Obsidian reads it. */
function applyNewNoteLocation(app: App, settings: string | undefined): void {
	if (settings === undefined) return;
	const { newFileLocation, newFileFolderPath } = JSON.parse(settings) as {
		newFileLocation?: unknown;
		newFileFolderPath?: unknown;
	};
	const location = newFileLocation === "current" || newFileLocation === "folder" ? newFileLocation : "root";
	app.fileManager.newFileLocation = {
		location,
		folder: typeof newFileFolderPath === "string" ? newFileFolderPath : "",
	};
}

/** The core "Daily notes" plugin, on with the vault's settings for it when it has them, as in the example vault. */
function enableDailyNotes(app: App, settings: string | undefined): void {
	if (settings === undefined) return;
	app.internalPlugins.enable("daily-notes", JSON.parse(settings) as Record<string, unknown>);
}

boot().catch((error: unknown) => {
	document.body.setAttr("data-sandbox", "failed");
	new ShellNotice(`The sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`, 0);
	throw error;
});
