import { Plugin } from "obsidian";

export default class AssistantWorkspacePlugin extends Plugin {
	override async onload(): Promise<void> {
		await this.loadData();
	}
}
