/** The places of the page the shell puts things in, named after Obsidian's own elements. */
export interface ShellLayout {
	/** The ribbon's actions at the top, where plugins' icons go; the shell's settings are at its foot. */
	readonly ribbon: HTMLElement;
	readonly ribbonFoot: HTMLElement;
	readonly leftSplit: HTMLElement;
	readonly fileExplorer: HTMLElement;
	/** The main area, where the note pane is the first tab. */
	readonly rootSplit: HTMLElement;
	/** The note pane itself. */
	readonly noteLeaf: HTMLElement;
	readonly noteHeader: HTMLElement;
	readonly noteTitle: HTMLElement;
	/** The note pane's content: the reading view, and the editor beside it. */
	readonly noteContent: HTMLElement;
	readonly noteView: HTMLElement;
	readonly rightSplit: HTMLElement;
	readonly rightTabs: HTMLElement;
	readonly rightLeaves: HTMLElement;
	readonly statusBar: HTMLElement;
}

/** An icon button as Obsidian draws one: focusable, named for screen readers, Enter and Space click it. */
export function iconButton(
	parent: HTMLElement,
	icon: string,
	label: string,
	onClick: () => void,
	cls = "clickable-icon",
): HTMLElement {
	const button = parent.createDiv({
		cls,
		attr: { "aria-label": label, "data-icon": icon, role: "button", tabindex: 0 },
	});
	button.addEventListener("click", onClick);
	makeKeyboardClickable(button);
	return button;
}

export function makeKeyboardClickable(el: HTMLElement): void {
	el.addEventListener("keydown", (evt) => {
		if (evt.key !== "Enter" && evt.key !== " ") return;
		evt.preventDefault();
		el.click();
	});
}

export type Side = "left" | "right";

const COLLAPSED: Record<Side, string> = { left: "is-left-sidedock-collapsed", right: "is-right-sidedock-collapsed" };

/** Opens or closes a sidebar. On a phone one drawer is open at a time, as in Obsidian: opening one closes the other. */
export function toggleSidebar(side: Side, open = document.body.hasClass(COLLAPSED[side])): void {
	const body = document.body;
	body.toggleClass(COLLAPSED[side], !open);
	if (open && body.hasClass("is-phone")) body.addClass(COLLAPSED[side === "left" ? "right" : "left"]);
}

/**
 * Obsidian's phone layout at a phone's width: the body marked `is-mobile is-phone` (the classes
 * a plugin's styles go by), and both sidebars drawers over the note, closed at first.
 */
function followPhoneWidth(body: HTMLElement): void {
	const phone = window.matchMedia("(max-width: 720px)");
	const apply = () => {
		body.toggleClass("is-mobile", phone.matches);
		body.toggleClass("is-phone", phone.matches);
		if (phone.matches) body.addClass(COLLAPSED.left, COLLAPSED.right);
	};
	apply();
	phone.addEventListener("change", apply);
}

/** Draws the workspace: ribbon, file explorer, the note's pane, the right sidebar and the status bar. */
export function drawLayout(body: HTMLElement): ShellLayout {
	followPhoneWidth(body);
	const app = body.createDiv("app-container");
	const main = app.createDiv("horizontal-main-container");
	const workspace = main.createDiv("workspace");
	const ribbonEl = workspace.createDiv({
		cls: "workspace-ribbon side-dock-ribbon mod-left",
		attr: { role: "toolbar", "aria-label": "Ribbon" },
	});
	const ribbon = ribbonEl.createDiv("side-dock-actions");
	const ribbonFoot = ribbonEl.createDiv("side-dock-settings");

	const leftSplit = workspace.createDiv({
		cls: "workspace-split mod-left-split",
		attr: { role: "navigation", "aria-label": "Files" },
	});
	const explorer = leftSplit.createDiv({ cls: "workspace-leaf-content", attr: { "data-type": "file-explorer" } });
	explorer.createDiv({ cls: "nav-header", text: "Files" });
	const fileExplorer = explorer.createDiv({ cls: "nav-files-container", attr: { role: "tree" } });

	const root = workspace.createDiv({ cls: "workspace-split mod-root", attr: { role: "main" } });
	const note = root.createDiv({ cls: "workspace-leaf-content", attr: { "data-type": "markdown" } });
	const header = note.createDiv("view-header");
	iconButton(header, "sidebar-left", "Toggle left sidebar", () => toggleSidebar("left"));
	const noteTitle = header.createDiv({ cls: "view-header-title" });
	iconButton(header, "sidebar-right", "Toggle right sidebar", () => toggleSidebar("right"));
	// On a phone, a tap on the note beside an open drawer closes it, as in Obsidian.
	root.addEventListener("click", (evt) => {
		if (!body.hasClass("is-phone") || (evt.target instanceof Element && evt.target.closest(".clickable-icon") !== null))
			return;
		body.addClass(COLLAPSED.left, COLLAPSED.right);
	});
	const noteContent = note.createDiv("view-content");
	const reading = noteContent.createDiv("markdown-reading-view");
	const noteView = reading.createDiv("markdown-preview-view markdown-rendered").createDiv("markdown-preview-sizer");

	const rightSplit = workspace.createDiv({
		cls: "workspace-split mod-right-split",
		attr: { role: "complementary", "aria-label": "Right sidebar" },
	});
	const rightTabs = rightSplit.createDiv({ cls: "workspace-tab-header-container", attr: { role: "tablist" } });
	const rightLeaves = rightSplit.createDiv("workspace-tab-container");

	const statusBar = app.createDiv({ cls: "status-bar", attr: { role: "status" } });
	return {
		ribbon,
		ribbonFoot,
		leftSplit,
		fileExplorer,
		rootSplit: root,
		noteLeaf: note,
		noteHeader: header,
		noteTitle,
		noteContent,
		noteView,
		rightSplit,
		rightTabs,
		rightLeaves,
		statusBar,
	};
}
