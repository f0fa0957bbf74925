import { ObsidianMetadataSource } from "../../src/obsidian/metadataSource";
import { ObsidianNoteStore } from "../../src/obsidian/vaultNoteStore";
import { App, asObsidianApp } from "../../sandbox/obsidianApi";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { describeVaultContract } from "./noteStore.contract";

describeVaultContract("Our Obsidian adapter", (files) => {
	const app = asObsidianApp(new App(new MemoryVault({ files })));
	return { store: new ObsidianNoteStore(app), metadata: new ObsidianMetadataSource(app) };
});
