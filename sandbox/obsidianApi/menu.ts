import { Component } from "./component";
import { requireDocument } from "./dom";

/** One entry of a `Menu`, as `addItem` hands it to the caller to fill in. */
export class MenuItem {
	title = "";
	icon: string | null = null;
	section: string | null = null;
	callback: ((evt: MouseEvent | KeyboardEvent) => unknown) | null = null;

	setTitle(title: string): this {
		this.title = title;
		return this;
	}

	setIcon(icon: string | null): this {
		this.icon = icon;
		return this;
	}

	setSection(section: string): this {
		this.section = section;
		return this;
	}

	onClick(callback: (evt: MouseEvent | KeyboardEvent) => unknown): this {
		this.callback = callback;
		return this;
	}
}

/**
 * Obsidian's `Menu`: items added by the caller, drawn as a list in the page where it is shown;
 * choosing an item runs it and closes the menu, as do Escape and a click elsewhere.
 */
export class Menu extends Component {
	readonly items: MenuItem[] = [];
	private el: HTMLElement | null = null;
	private dismissal: () => void = () => undefined;

	addItem(build: (item: MenuItem) => unknown): this {
		const item = new MenuItem();
		build(item);
		this.items.push(item);
		return this;
	}

	addSeparator(): this {
		return this;
	}

	showAtMouseEvent(evt: MouseEvent): this {
		return this.showAtPosition({ x: evt.clientX, y: evt.clientY });
	}

	showAtPosition(position: { x: number; y: number }): this {
		this.hide();
		const doc = requireDocument("A menu");
		const el = doc.body.createDiv({ cls: "menu", attr: { role: "menu" } });
		el.style.left = `${position.x}px`;
		el.style.top = `${position.y}px`;
		for (const item of this.items) {
			const row = el.createDiv({
				cls: "menu-item",
				text: item.title,
				attr: { role: "menuitem", tabindex: 0, "data-icon": item.icon ?? "" },
			});
			row.addEventListener("click", (evt) => {
				this.hide();
				item.callback?.(evt);
			});
		}
		const dismiss = (evt: Event) => {
			if (evt instanceof KeyboardEvent ? evt.key === "Escape" : !el.contains(evt.target as Node)) this.hide();
		};
		doc.addEventListener("keydown", dismiss);
		// After the click that opened the menu has finished its way up.
		const timer = window.setTimeout(() => doc.addEventListener("mousedown", dismiss));
		this.dismissal = () => {
			window.clearTimeout(timer);
			doc.removeEventListener("mousedown", dismiss);
			doc.removeEventListener("keydown", dismiss);
		};
		this.el = el;
		return this;
	}

	hide(): this {
		this.dismissal();
		this.dismissal = () => undefined;
		this.el?.remove();
		this.el = null;
		return this;
	}
}
