import { getLinkpath } from "../../headless/links/linkResolver";
import type { App } from "../obsidianApi/app";
import type { CallLog } from "../obsidianApi/callLog";
import { TFile } from "../obsidianApi/files";
import { WorkspaceLeaf } from "../obsidianApi/view";
import { Workspace } from "../obsidianApi/workspace";
import { MainTabs, TabLeaf } from "./mainTabs";
import { NoteLeaf } from "./noteEditor";
import { RightSidebar } from "./rightSidebar";
import type { ShellLayout } from "./shellLayout";
import { ShellNotice } from "./shellNotice";
import type { VaultServer } from "./vaultServer";

/**
 * Obsidian's workspace, drawn: one pane for notes (`getLeaf` is it, but for a new tab; the
 * reading pane shows what it opens, and its editor edits it), the tabs of the main area (a view a
 * plugin opens with `getLeaf("tab")`, the changes view or a second chat), and the right sidebar,
 * where each `getRightLeaf` is a tab. The mock's workspace keeps the leaves and the events.
 */
export class ShellWorkspace extends Workspace {
	readonly rightSidebar: RightSidebar;
	readonly mainTabs: MainTabs;
	private mainLeaf: WorkspaceLeaf | null = null;

	constructor(
		app: App,
		calls: CallLog,
		readonly layout: ShellLayout,
		readonly server: VaultServer,
	) {
		super(app, calls);
		this.rightSidebar = new RightSidebar(layout);
		this.mainTabs = new MainTabs(layout);
		// A note opened shows the note pane's tab.
		this.on("file-open", (file) => {
			if (file instanceof TFile) this.mainTabs.showNote(file);
		});
	}

	/** A new tab of the main area for `"tab"`; the note pane for anything else (the sandbox splits no pane and opens no window). */
	override getLeaf(newLeaf?: unknown): WorkspaceLeaf {
		if (newLeaf === "tab") return this.newLeaf(new TabLeaf(this.app, this.mainTabs, () => this.getLeaf()));
		this.mainLeaf ??= this.newLeaf(new NoteLeaf(this.app, this.layout));
		return this.mainLeaf;
	}

	/** The note pane: the one tab of the main area. */
	override getMostRecentLeaf(): WorkspaceLeaf | null {
		return this.getLeaf();
	}

	override getRightLeaf(split: boolean): WorkspaceLeaf {
		void split;
		return this.newLeaf(new SidebarLeaf(this.app, this.rightSidebar));
	}

	override async revealLeaf(leaf: WorkspaceLeaf): Promise<void> {
		if (leaf instanceof SidebarLeaf) this.rightSidebar.show(leaf);
		if (leaf instanceof TabLeaf) this.mainTabs.show(leaf);
	}

	/** Opens the note a link names (at its heading, if it names one); a link to no note says so. */
	override async openLinkText(linktext: string, sourcePath: string, newLeaf?: boolean): Promise<void> {
		await super.openLinkText(linktext, sourcePath, newLeaf);
		const file = this.app.metadataCache.getFirstLinkpathDest(getLinkpath(linktext), sourcePath);
		if (!(file instanceof TFile)) {
			new ShellNotice(`No note named "${linktext}" in this vault.`);
			return;
		}
		const heading = linktext.includes("#") ? linktext.slice(linktext.indexOf("#") + 1) : null;
		const found = this.app.metadataCache.getFileCache(file)?.headings?.find((entry) => entry.heading === heading);
		await this.getLeaf().openFile(file, { eState: found === undefined ? {} : { line: found.position.start.line } });
	}
}

/** A tab of the right sidebar: the view it opens is drawn in the sidebar. */
export class SidebarLeaf extends WorkspaceLeaf {
	constructor(
		app: App,
		private readonly sidebar: RightSidebar,
	) {
		super(app);
	}

	override async setViewState(state: { type: string; active?: boolean }): Promise<void> {
		await super.setViewState(state);
		if (this.view !== null) this.sidebar.add(this, this.view, state.active === true);
	}

	override async detach(): Promise<void> {
		this.sidebar.remove(this);
		await super.detach();
	}
}
