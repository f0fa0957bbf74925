/**
 * Obsidian's DOM helpers (`createEl`, `createDiv`, `empty`, `setText`, `addClass` ...), which
 * it installs on `Node` and `Element` and as globals. Installed here when a DOM exists (a test
 * with `@jest-environment jsdom`); views and modals use nothing else to build their elements.
 */

/** The document, or a clear failure for a test that builds UI without jsdom. */
export function requireDocument(what: string): Document {
	if (typeof document === "undefined") {
		throw new Error(`${what} needs a DOM: add "@jest-environment jsdom" to the test file's docblock.`);
	}
	return document;
}

/** Obsidian's element factory: `info` as a class string or options, appended to `parent`. */
function make(
	parent: Node | null,
	tag: string,
	info: DomElementInfo | string = {},
	callback?: (el: HTMLElement) => void,
): HTMLElement {
	const options = typeof info === "string" ? { cls: info } : info;
	const el = (parent?.ownerDocument ?? document).createElement(tag);
	if (options.cls !== undefined) el.addClasses(typeof options.cls === "string" ? options.cls.split(" ") : options.cls);
	if (options.text !== undefined) el.setText(options.text);
	for (const [name, value] of Object.entries(options.attr ?? {})) el.setAttr(name, value);
	const properties = {
		title: options.title,
		value: options.value,
		type: options.type,
		placeholder: options.placeholder,
		href: options.href,
	};
	for (const [name, value] of Object.entries(properties)) if (value !== undefined) el.setAttr(name, value);
	if (el instanceof HTMLInputElement && options.value !== undefined) el.value = options.value;
	const target = options.parent ?? parent;
	if (target) {
		if (options.prepend) target.insertBefore(el, target.firstChild);
		else target.appendChild(el);
	}
	callback?.(el);
	return el;
}

function installDomHelpers(): void {
	const node = Node.prototype as unknown as Record<string, unknown>;
	const element = Element.prototype as unknown as Record<string, unknown>;
	const html = HTMLElement.prototype as unknown as Record<string, unknown>;
	const globals = globalThis as unknown as Record<string, unknown>;

	globals.createEl = (tag: string, info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) =>
		make(null, tag, info, callback);
	globals.createDiv = (info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) =>
		make(null, "div", info, callback);
	globals.createSpan = (info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) =>
		make(null, "span", info, callback);
	globals.createFragment = (callback?: (fragment: DocumentFragment) => void) => {
		const fragment = document.createDocumentFragment();
		callback?.(fragment);
		return fragment;
	};

	node.createEl = function (
		this: Node,
		tag: string,
		info?: DomElementInfo | string,
		callback?: (el: HTMLElement) => void,
	) {
		return make(this, tag, info, callback);
	};
	node.createDiv = function (this: Node, info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) {
		return make(this, "div", info, callback);
	};
	node.createSpan = function (this: Node, info?: DomElementInfo | string, callback?: (el: HTMLElement) => void) {
		return make(this, "span", info, callback);
	};
	node.empty = function (this: Node) {
		while (this.firstChild) this.removeChild(this.firstChild);
	};
	node.detach = function (this: Node) {
		this.parentNode?.removeChild(this);
	};
	node.appendText = function (this: Node, text: string) {
		this.appendChild((this.ownerDocument ?? document).createTextNode(text));
	};

	element.getText = function (this: Element) {
		return this.textContent ?? "";
	};
	element.setText = function (this: Element, value: string | DocumentFragment) {
		this.empty();
		if (typeof value === "string") this.textContent = value;
		else this.appendChild(value);
	};
	element.addClass = function (this: Element, ...classes: string[]) {
		this.classList.add(...classes.filter((cls) => cls !== ""));
	};
	element.addClasses = function (this: Element, classes: string[]) {
		this.addClass(...classes);
	};
	element.removeClass = function (this: Element, ...classes: string[]) {
		this.classList.remove(...classes);
	};
	element.removeClasses = function (this: Element, classes: string[]) {
		this.removeClass(...classes);
	};
	element.toggleClass = function (this: Element, classes: string | string[], value: boolean) {
		for (const cls of typeof classes === "string" ? [classes] : classes) this.classList.toggle(cls, value);
	};
	element.hasClass = function (this: Element, cls: string) {
		return this.classList.contains(cls);
	};
	element.setAttr = function (this: Element, name: string, value: string | number | boolean | null) {
		if (value === null) this.removeAttribute(name);
		else this.setAttribute(name, String(value));
	};
	element.setAttrs = function (this: Element, attrs: Record<string, string | number | boolean | null>) {
		for (const [name, value] of Object.entries(attrs)) this.setAttr(name, value);
	};
	element.getAttr = function (this: Element, name: string) {
		return this.getAttribute(name);
	};

	html.show = function (this: HTMLElement) {
		this.style.display = "";
	};
	html.hide = function (this: HTMLElement) {
		this.style.display = "none";
	};
	html.toggle = function (this: HTMLElement, show: boolean) {
		if (show) this.show();
		else this.hide();
	};
	html.isShown = function (this: HTMLElement) {
		return this.style.display !== "none";
	};
}

if (typeof document !== "undefined") installDomHelpers();
