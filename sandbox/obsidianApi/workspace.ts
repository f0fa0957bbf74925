import type { App } from "./app";
import type { CallLog } from "./callLog";
import { Events } from "./component";
import type { TFile } from "./files";
import { WorkspaceLeaf } from "./view";

/**
 * Obsidian's `Workspace`, driven by the test: the layout becomes ready when the test calls
 * `triggerLayoutReady()` (so that a test can check what `onload` did before it), and the
 * active file is whatever the test sets.
 */
export class Workspace extends Events {
	layoutReady = false;
	activeFile: TFile | null = null;
	private readonly whenReady: (() => unknown)[] = [];
	private leaves: WorkspaceLeaf[] = [];

	constructor(
		protected readonly app: App,
		protected readonly calls: CallLog,
	) {
		super();
	}

	onLayoutReady(callback: () => unknown): void {
		this.calls.record("workspace.onLayoutReady");
		if (this.layoutReady) callback();
		else this.whenReady.push(callback);
	}

	/** The test's signal that Obsidian finished loading the layout. */
	triggerLayoutReady(): void {
		this.layoutReady = true;
		for (const callback of this.whenReady.splice(0)) callback();
	}

	getActiveFile(): TFile | null {
		this.calls.record("workspace.getActiveFile");
		return this.activeFile;
	}

	/** The links the user followed (`openLinkText`), in order. */
	readonly openedLinks: string[] = [];

	async openLinkText(linktext: string, sourcePath: string, newLeaf?: boolean): Promise<void> {
		void sourcePath;
		void newLeaf;
		this.openedLinks.push(linktext);
	}

	getLeavesOfType(type: string): WorkspaceLeaf[] {
		return this.leaves.filter((leaf) => leaf.view?.getViewType() === type);
	}

	getRightLeaf(split: boolean): WorkspaceLeaf {
		void split;
		return this.newLeaf();
	}

	/** A new leaf each time (the mock has no tabs to reuse). */
	getLeaf(newLeaf?: boolean): WorkspaceLeaf {
		void newLeaf;
		return this.newLeaf();
	}

	/** Every leaf not detached, oldest first. */
	get openLeaves(): readonly WorkspaceLeaf[] {
		return this.leaves;
	}

	/** The tab of the main area used last; the mock has none unless a test opens one. */
	getMostRecentLeaf(): WorkspaceLeaf | null {
		return null;
	}

	async revealLeaf(leaf: WorkspaceLeaf): Promise<void> {
		void leaf;
	}

	detachLeavesOfType(type: string): void {
		for (const leaf of this.getLeavesOfType(type)) void leaf.detach();
	}

	/** Forgets a detached leaf (called by `WorkspaceLeaf.detach`). */
	removeLeaf(leaf: WorkspaceLeaf): void {
		this.leaves = this.leaves.filter((other) => other !== leaf);
	}

	/** Keeps `leaf` among the open leaves (a plain one by default; the sandbox's has a place in the page). */
	protected newLeaf(leaf = new WorkspaceLeaf(this.app)): WorkspaceLeaf {
		this.leaves.push(leaf);
		return leaf;
	}
}
