import { getLinkpath } from "../../../headless/links/linkResolver";
import type { App } from "../../harness/obsidianMock/app";
import type { CallLog } from "../../harness/obsidianMock/callLog";
import { TFile } from "../../harness/obsidianMock/files";
import { WorkspaceLeaf } from "../../harness/obsidianMock/view";
import { Workspace } from "../../harness/obsidianMock/workspace";
import type { ShellLayout } from "./shellLayout";
import { ShellNotice } from "./shellNotice";
import { leafContentOf, RightSidebar } from "./rightSidebar";
import type { VaultServer } from "./vaultServer";

/**
 * Obsidian's workspace, drawn: one main pane (every `getLeaf` is it; the reading pane shows the
 * note it opens, or it shows the view a plugin opens in a tab) and the right sidebar, where each
 * `getRightLeaf` is a tab. The mock's workspace keeps the leaves and the events.
 */
export class ShellWorkspace extends Workspace {
	readonly rightSidebar: RightSidebar;
	private mainLeaf: WorkspaceLeaf | null = null;

	constructor(
		app: App,
		calls: CallLog,
		readonly layout: ShellLayout,
		readonly server: VaultServer,
	) {
		super(app, calls);
		this.rightSidebar = new RightSidebar(layout);
	}

	override getLeaf(newLeaf?: unknown): WorkspaceLeaf {
		void newLeaf;
		this.mainLeaf ??= this.newLeaf(new MainLeaf(this.app, this.layout));
		return this.mainLeaf;
	}

	override getRightLeaf(split: boolean): WorkspaceLeaf {
		void split;
		return this.newLeaf(new SidebarLeaf(this.app, this.rightSidebar));
	}

	override async revealLeaf(leaf: WorkspaceLeaf): Promise<void> {
		if (leaf instanceof SidebarLeaf) this.rightSidebar.show(leaf);
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

/**
 * The main pane's leaf: the note it opened, in the reading pane, or a view set on it (the
 * changes view), in the note's place until a note is opened again.
 */
export class MainLeaf extends WorkspaceLeaf {
	constructor(
		app: App,
		private readonly layout: ShellLayout,
	) {
		super(app);
	}

	override async setViewState(state: { type: string; active?: boolean }): Promise<void> {
		await super.setViewState(state);
		this.draw();
	}

	override async openFile(file: TFile, openState: { eState?: Record<string, unknown> } = {}): Promise<void> {
		await this.closeView();
		this.draw();
		await super.openFile(file, openState);
	}

	private draw(): void {
		const { rootSplit, notePane } = this.layout;
		for (const child of Array.from(rootSplit.children)) if (child !== notePane) child.detach();
		notePane.toggle(this.view === null);
		if (this.view !== null) rootSplit.appendChild(leafContentOf(this.view));
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
