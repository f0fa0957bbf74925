/**
 * @jest-environment jsdom
 */
import type { App as ObsidianApp } from "obsidian";
import { corePluginOptions, metadataInitialized, textOption, vaultIdOf } from "../../src/obsidian/privateApi";
import { SearchMemoryModal } from "../../src/obsidian/retrieval/searchMemoryModal";
import { userDailyNotesFolder, userDailyNotesTarget } from "../../src/obsidian/userDailyNotes";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { App } from "../../sandbox/obsidianApi/app";
import { viewOf } from "../harness/viewOf";

/** A mocked app with one of Obsidian's internal members replaced (or removed, with `undefined`). */
function appWith(member: "appId" | "internalPlugins", value: unknown): ObsidianApp {
	const app = new App(new MemoryVault({ files: { "Templates/Day.md": "# {{date}}\n" } }));
	Object.defineProperty(app, member, { value, configurable: true });
	return app as never;
}

const BROKEN_REGISTRIES: Record<string, unknown> = {
	"no core plugin registry": undefined,
	"a registry that is not an object": "daily-notes",
	"a registry without a lookup": {},
	"a lookup that throws": {
		getEnabledPluginById: () => {
			throw new Error("changed");
		},
	},
	"a plugin without options": { getEnabledPluginById: () => ({}) },
	"options given as text": { getEnabledPluginById: () => ({ options: "Journal" }) },
	"options of other types": {
		getEnabledPluginById: () => ({ options: { folder: 7, format: ["YYYY"], template: null } }),
	},
};

describe("Obsidian's internal APIs, where they are missing or reshaped", () => {
	it("names the vault by Obsidian's appId, and without one by the vault's name and folder, the same every time", () => {
		expect(vaultIdOf(appWith("appId", "abc123"))).toBe("abc123");
		for (const missing of [undefined, "", 42, null]) {
			const app = appWith("appId", missing);
			expect(vaultIdOf(app)).toBe("vault:Mock vault:");
			expect(vaultIdOf(app)).toBe(vaultIdOf(app));
		}
		const desktop = appWith("appId", undefined);
		Object.assign(desktop.vault.adapter, { getBasePath: () => "/home/ada/Notes" });
		expect(vaultIdOf(desktop)).toBe("vault:Mock vault:/home/ada/Notes");
	});

	it.each(Object.keys(BROKEN_REGISTRIES))("reads Daily notes' settings as the defaults with %s", async (shape) => {
		const app = appWith("internalPlugins", BROKEN_REGISTRIES[shape]);
		expect(corePluginOptions(app, "templates")).toEqual(expect.any(Object));
		expect(textOption(corePluginOptions(app, "daily-notes"), "folder")).toBe("");
		expect(userDailyNotesFolder(app)).toBe("");
		const vault = (app as unknown as App).vault.memory;
		const target = await userDailyNotesTarget(app, viewOf(vault), "2026-11-27");
		expect(target.template).toBe("");
	});

	it("still reads the settings of a registry shaped as Obsidian's", () => {
		const app = new App();
		app.internalPlugins.enable("daily-notes", { folder: " Journal ", format: "YYYY/MM-DD" });
		expect(userDailyNotesFolder(app as never)).toBe("Journal");
	});

	it("lets Alt+Enter in Search memory go on to Obsidian's own handling when the suggestion list's chooser is missing", () => {
		const modal = new SearchMemoryModal(new App() as never, { view: {} } as never);
		const altEnter = (
			modal.scope as unknown as {
				handlers: { modifiers: string[] | null; key: string | null; func: (evt: KeyboardEvent) => unknown }[];
			}
		).handlers.find((handler) => handler.key === "Enter" && handler.modifiers?.includes("Alt"));
		const evt = new KeyboardEvent("keydown", { key: "Enter", altKey: true });
		expect(altEnter?.func(evt)).toBe(true);
		const used: KeyboardEvent[] = [];
		Object.assign(modal, { chooser: { useSelectedItem: (event: KeyboardEvent) => used.push(event) } });
		expect(altEnter?.func(evt)).toBe(false);
		expect(used).toEqual([evt]);
	});
});

describe("the metadata cache's first pass (`initialized`)", () => {
	function cacheWith(initialized: unknown): ObsidianApp {
		const app = new App(new MemoryVault({ files: {} }));
		Object.defineProperty(app.metadataCache, "initialized", { value: initialized, configurable: true });
		return app as never;
	}

	it("is read when it is a flag, and taken as done when it is missing or not a flag", () => {
		expect(metadataInitialized(cacheWith(false))).toBe(false);
		expect(metadataInitialized(cacheWith(true))).toBe(true);
		expect(metadataInitialized(cacheWith(undefined))).toBe(true);
		expect(metadataInitialized(cacheWith("yes"))).toBe(true);
	});
});
