import type { HoverParent, ItemView } from "obsidian";

/** The `[[link]]` an event happened on, as Obsidian renders one: its element and link text. */
function internalLinkAt(event: MouseEvent): { readonly el: HTMLElement; readonly linktext: string } | null {
	const el = isElement(event.target) ? event.target.closest<HTMLElement>("a.internal-link") : null;
	if (el === null) return null;
	const linktext = el.getAttribute("data-href") ?? el.getAttribute("href");
	return linktext === null ? null : { el, linktext };
}

/**
 * Not `instanceof HTMLElement`: in a pop-out window the element belongs to that window's
 * `HTMLElement`, not the main window's.
 */
function isElement(target: EventTarget | null): target is Element {
	return target !== null && "closest" in target;
}

/**
 * Makes the `[[links]]` rendered in `el` behave as in a note: a click opens the note (in a new
 * tab with Ctrl or Cmd), hovering asks the "Page preview" core plugin for a preview, with the
 * view as the hover's parent and `source` (registered with `registerHoverLinkSource`) as its origin.
 */
export function followInternalLinks(view: ItemView & HoverParent, el: HTMLElement, source: string): void {
	view.registerDomEvent(el, "click", (event) => {
		const link = internalLinkAt(event);
		if (link === null) return;
		event.preventDefault();
		void view.app.workspace.openLinkText(link.linktext, "", event.ctrlKey || event.metaKey);
	});
	view.registerDomEvent(el, "mouseover", (event) => {
		const link = internalLinkAt(event);
		if (link === null) return;
		view.app.workspace.trigger("hover-link", {
			event,
			source,
			hoverParent: view,
			targetEl: link.el,
			linktext: link.linktext,
			sourcePath: "",
		});
	});
}
