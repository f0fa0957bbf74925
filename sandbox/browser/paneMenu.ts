import { Menu } from "../obsidianApi/menu";
import type { View } from "../obsidianApi/view";
import { iconButton } from "./shellLayout";

/** The "More options" button at the end of a view's header, which opens the view's pane menu, as in Obsidian. */
export function addMoreOptions(view: View, header: Element): void {
	if (header.querySelector(".view-action.mod-more-options") !== null) return;
	const button = iconButton(
		createDiv(),
		"more-vertical",
		"More options",
		() => {
			const menu = new Menu();
			view.onPaneMenu(menu, "more-options");
			const box = button.getBoundingClientRect();
			menu.showAtPosition({ x: box.left, y: box.bottom });
		},
		"clickable-icon view-action mod-more-options",
	);
	header.appendChild(button);
}
