import type { App } from "./app";
import type { Component } from "./component";

const LINK = /\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]/g;

/**
 * Obsidian's `MarkdownRenderer`, enough for the chat's tests: each paragraph a `<p>`, each
 * `[[link]]` an `a.internal-link` with `data-href`, as Obsidian renders them. `renders` counts
 * the calls, so a test can tell that streaming is throttled.
 */
export class MarkdownRenderer {
	static renders = 0;

	static async render(
		app: App,
		markdown: string,
		el: HTMLElement,
		sourcePath: string,
		component: Component,
	): Promise<void> {
		void app;
		void sourcePath;
		void component;
		MarkdownRenderer.renders++;
		for (const paragraph of markdown.split(/\n{2,}/)) {
			if (paragraph.trim() === "") continue;
			const p = el.createEl("p");
			let at = 0;
			for (const match of paragraph.matchAll(LINK)) {
				p.appendText(paragraph.slice(at, match.index));
				p.createEl("a", {
					cls: "internal-link",
					text: match[2] ?? match[1],
					attr: { "data-href": match[1], href: match[1] },
				});
				at = match.index + match[0].length;
			}
			p.appendText(paragraph.slice(at));
		}
	}
}
