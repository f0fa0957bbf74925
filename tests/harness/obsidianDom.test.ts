/**
 * @jest-environment jsdom
 */
import type { PluginManifest } from "obsidian";
import { App, ItemView, Modal, Plugin, PluginSettingTab, Setting, type WorkspaceLeaf } from "../../sandbox/obsidianApi";

describe("Obsidian's DOM helpers in the mock", () => {
	it("builds elements the way Obsidian's createEl does", () => {
		const parent = createDiv();
		const first = parent.createDiv({ cls: "first" });
		const link = parent.createEl("a", {
			cls: ["chip", "mod-cta"],
			text: "Open",
			attr: { "data-path": "a.md", hidden: null },
			href: "#",
		});
		const prepended = parent.createSpan({ text: "start", prepend: true });
		expect(Array.from(parent.children)).toEqual([prepended, first, link]);
		expect(link.className).toBe("chip mod-cta");
		expect(link.getAttr("data-path")).toBe("a.md");
		expect(link.getAttr("href")).toBe("#");
		expect(link.getText()).toBe("Open");
		expect(parent.createDiv("a b").classList.contains("b")).toBe(true);
	});

	it("has empty, setText, classes, attributes and detach", () => {
		const el = createDiv({ text: "old" });
		el.setText("new");
		el.addClass("x", "y");
		el.removeClass("x");
		el.toggleClass("z", true);
		el.setAttr("aria-label", "Stop");
		expect(el.outerHTML).toBe('<div class="y z" aria-label="Stop">new</div>');
		el.setText(createFragment((fragment) => fragment.createSpan({ text: "in a fragment" })));
		expect(el.innerHTML).toBe("<span>in a fragment</span>");
		el.empty();
		expect(el.childNodes).toHaveLength(0);
		const child = el.createDiv();
		child.detach();
		expect(child.parentNode).toBeNull();
	});
});

describe("The mock's UI classes", () => {
	const manifest: PluginManifest = {
		id: "p",
		name: "P",
		author: "a",
		version: "0",
		minAppVersion: "1",
		description: "D.",
	};

	it("lets a test drive settings controls as a user would", () => {
		const changes: unknown[] = [];
		class Tab extends PluginSettingTab {
			override display(): void {
				new Setting(this.containerEl)
					.setName("Model")
					.addText((text) => text.setValue("a").onChange((v) => changes.push(v)));
				new Setting(this.containerEl).setName("Heartbeat").addToggle((t) => t.onChange((v) => changes.push(v)));
				new Setting(this.containerEl)
					.setName("Language")
					.addDropdown((d) => d.addOptions({ en: "English", zh: "中文" }).onChange((v) => changes.push(v)));
			}
		}
		const app = new App();
		const tab = new Tab(app, new Plugin(app, manifest));
		tab.display();
		const input = tab.containerEl.querySelector("input") as HTMLInputElement;
		input.value = "claude";
		input.dispatchEvent(new Event("input"));
		(tab.containerEl.querySelector(".checkbox-container") as HTMLElement).click();
		const select = tab.containerEl.querySelector("select") as HTMLSelectElement;
		select.value = "zh";
		select.dispatchEvent(new Event("change"));
		expect(changes).toEqual(["claude", true, "zh"]);
		expect(Array.from(tab.containerEl.querySelectorAll(".setting-item-name")).map((el) => el.textContent)).toEqual([
			"Model",
			"Heartbeat",
			"Language",
		]);
	});

	it("opens and closes a modal in the document", () => {
		const closed = jest.fn();
		class Confirm extends Modal {
			override onOpen(): void {
				this.setTitle("Overwrite?");
				this.contentEl.createEl("p", { text: "soul.md exists." });
			}
			override onClose(): void {
				closed();
			}
		}
		const modal = new Confirm(new App());
		modal.open();
		expect(document.body.textContent).toContain("soul.md exists.");
		modal.close();
		expect(document.body.contains(modal.containerEl)).toBe(false);
		expect(closed).toHaveBeenCalledTimes(1);
	});

	it("opens a registered view in a leaf and closes it on detach", async () => {
		const events: string[] = [];
		class ChatView extends ItemView {
			getViewType(): string {
				return "chat";
			}
			getDisplayText(): string {
				return "Chat";
			}
			protected override async onOpen(): Promise<void> {
				events.push("open");
				this.contentEl.createDiv({ cls: "chat", text: "Hello" });
			}
			protected override async onClose(): Promise<void> {
				events.push("close");
			}
		}
		const app = new App();
		const plugin = new Plugin(app, manifest);
		plugin.registerView("chat", (leaf: WorkspaceLeaf) => new ChatView(leaf));
		const leaf = app.workspace.getRightLeaf(false);
		await leaf.setViewState({ type: "chat", active: true });
		expect(app.workspace.getLeavesOfType("chat")).toEqual([leaf]);
		expect(leaf.view?.containerEl.children[1]?.textContent).toBe("Hello");
		await leaf.detach();
		expect(app.workspace.getLeavesOfType("chat")).toEqual([]);
		expect(events).toEqual(["open", "close"]);
	});
});
