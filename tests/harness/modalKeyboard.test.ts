/**
 * @jest-environment jsdom
 */
import { App, Modal, SuggestModal } from "../../sandbox/obsidianApi";

class Picker extends SuggestModal<string> {
	chosen: string[] = [];
	getSuggestions(query: string): string[] {
		return ["Open chat", "New chat", "Search memory"].filter((name) =>
			name.toLowerCase().includes(query.toLowerCase()),
		);
	}
	renderSuggestion(value: string, el: HTMLElement): void {
		el.setText(value);
	}
	onChooseSuggestion(item: string): void {
		this.chosen.push(item);
	}
}

const key = (el: Element, name: string) =>
	el.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));

describe("the mock's modals, as a keyboard user meets them", () => {
	afterEach(() => document.body.empty());

	it("closes on Esc, on its close button and on the backdrop, and gives the focus back", () => {
		const opener = document.body.createEl("button", { text: "Open" });
		opener.focus();
		for (const close of [
			(m: Modal) => key(m.modalEl, "Escape"),
			(m: Modal) => m.modalEl.querySelector<HTMLElement>(".modal-close-button")?.click(),
			(m: Modal) => m.containerEl.querySelector<HTMLElement>(".modal-bg")?.click(),
		]) {
			const modal = new Modal(new App());
			modal.open();
			expect(document.activeElement).toBe(modal.modalEl);
			close(modal);
			expect(modal.isOpen).toBe(false);
			expect(document.body.contains(modal.containerEl)).toBe(false);
			expect(document.activeElement).toBe(opener);
		}
	});

	it("closes the modal on top with Esc wherever the focus is, then the one below it", () => {
		const below = new Modal(new App());
		below.open();
		const opener = below.contentEl.createEl("button", { text: "Open another" });
		opener.focus();
		const above = new Modal(new App());
		above.open();
		// The button that opened the modal on top is redrawn away meanwhile: the focus falls to the body.
		opener.remove();
		key(above.modalEl, "Escape");
		expect(above.isOpen).toBe(false);
		expect(below.isOpen).toBe(true);
		expect(document.activeElement).toBe(document.body);
		key(document.body, "Escape");
		expect(below.isOpen).toBe(false);
		expect(document.querySelectorAll(".modal")).toHaveLength(0);
	});

	it("moves through suggestions with the arrow keys and chooses the selected one with Enter", async () => {
		const picker = new Picker(new App());
		picker.open();
		await picker.updated;
		expect(document.activeElement).toBe(picker.inputEl);
		key(picker.inputEl, "ArrowDown");
		key(picker.inputEl, "ArrowDown");
		key(picker.inputEl, "ArrowDown");
		key(picker.inputEl, "ArrowUp");
		expect(picker.resultContainerEl.querySelector(".is-selected")?.textContent).toBe("Search memory");
		key(picker.inputEl, "Enter");
		expect(picker.chosen).toEqual(["Search memory"]);
		expect(picker.isOpen).toBe(false);
	});
});
