import { parse } from "yaml";
import type { App } from "../obsidianApi/app";
import type { Component } from "../obsidianApi/component";

/**
 * Obsidian's `MarkdownRenderer` for the sandbox: enough of Obsidian's reading view to judge a
 * note or an answer by eye. Blocks (headings, lists with tasks, quotes and callouts, code,
 * tables, rules, paragraphs with Obsidian's line breaks) carry `data-line`, their first line
 * in the source, so a note can be opened at a line. Inline: code, `[[links]]` (unresolved ones
 * marked), embeds, Markdown links, emphasis, highlights and tags. Elements only, never HTML text.
 */
export class MarkdownRenderer {
	static async render(
		app: App,
		markdown: string,
		el: HTMLElement,
		sourcePath: string,
		component: Component,
	): Promise<void> {
		void component;
		new BlockWriter(new InlineWriter(app, sourcePath), el).write(markdown.split(/\r?\n/));
	}
}

/** The properties as YAML reads them (a list on its own lines too); none when the block is not YAML, as Obsidian shows it. */
function propertiesOf(yaml: string): Record<string, unknown> {
	try {
		const parsed: unknown = parse(yaml);
		return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
			? (parsed as Record<string, unknown>)
			: {};
	} catch {
		return {};
	}
}

/** A property's value as one line: a list's items separated by commas. */
function propertyText(value: unknown): string {
	if (Array.isArray(value)) return value.map(propertyText).join(", ");
	if (value === null || value === undefined) return "";
	if (value instanceof Date) return value.toISOString();
	return typeof value === "object" ? JSON.stringify(value) : String(value);
}

const FENCE = /^\s*(```|~~~)\s*([\w+-]*)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(\[( |x|X)\]\s+)?(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;
const CALLOUT = /^\[!([\w-]+)\]([+-]?)\s*(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

class BlockWriter {
	constructor(
		private readonly inline: InlineWriter,
		private readonly root: HTMLElement,
	) {}

	write(lines: readonly string[], offset = 0): void {
		let at = this.frontmatterEnd(lines, offset);
		while (at < lines.length) {
			const line = lines[at];
			if (line.trim() === "") at++;
			else at = this.block(lines, at, offset);
		}
	}

	/** The properties block is shown as Obsidian's properties view, key by key. */
	private frontmatterEnd(lines: readonly string[], offset: number): number {
		if (offset !== 0 || lines[0] !== "---") return 0;
		const end = lines.indexOf("---", 1);
		if (end === -1) return 0;
		const properties = this.root.createDiv({ cls: "metadata-container", attr: { "data-line": 0 } });
		for (const [key, value] of Object.entries(propertiesOf(lines.slice(1, end).join("\n")))) {
			const row = properties.createDiv("metadata-property");
			row.createDiv({ cls: "metadata-property-key", text: key });
			row.createDiv({ cls: "metadata-property-value", text: propertyText(value) });
		}
		return end + 1;
	}

	private block(lines: readonly string[], start: number, offset: number): number {
		const line = lines[start];
		const attr = { "data-line": start + offset };
		const heading = HEADING.exec(line);
		if (heading !== null) {
			this.inline.write(this.root.createEl(`h${heading[1].length}` as "h1", { attr }), heading[2]);
			return start + 1;
		}
		const fence = FENCE.exec(line);
		if (fence !== null) {
			let end = start + 1;
			while (end < lines.length && !lines[end].trimStart().startsWith(fence[1])) end++;
			const code = this.root
				.createEl("pre", { attr })
				.createEl("code", { text: lines.slice(start + 1, end).join("\n") });
			if (fence[2] !== "") code.addClass(`language-${fence[2]}`);
			return end + 1;
		}
		if (RULE.test(line)) {
			this.root.createEl("hr", { attr });
			return start + 1;
		}
		if (QUOTE.test(line)) return this.quote(lines, start, offset);
		if (LIST_ITEM.test(line)) return this.list(lines, start, offset);
		if (line.trimStart().startsWith("|") && TABLE_RULE.test(lines[start + 1] ?? ""))
			return this.table(lines, start, offset);
		let end = start + 1;
		while (end < lines.length && lines[end].trim() !== "" && !this.startsBlock(lines[end])) end++;
		const paragraph = this.root.createEl("p", { attr });
		lines.slice(start, end).forEach((text, index) => {
			if (index > 0) paragraph.createEl("br");
			this.inline.write(paragraph, text.trim());
		});
		return end;
	}

	private startsBlock(line: string): boolean {
		return HEADING.test(line) || FENCE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line) || RULE.test(line);
	}

	/** A quote, or a callout (`> [!note] Title`), its inside written as blocks of its own. */
	private quote(lines: readonly string[], start: number, offset: number): number {
		let end = start;
		const inner: string[] = [];
		for (let match = QUOTE.exec(lines[end] ?? ""); match !== null; match = QUOTE.exec(lines[++end] ?? ""))
			inner.push(match[1]);
		const callout = CALLOUT.exec(inner[0]);
		if (callout === null) {
			new BlockWriter(this.inline, this.root.createEl("blockquote", { attr: { "data-line": start + offset } })).write(
				inner,
				start + offset,
			);
			return end;
		}
		const type = callout[1].toLowerCase();
		const box = this.root.createDiv({ cls: "callout", attr: { "data-callout": type, "data-line": start + offset } });
		this.inline.write(
			box.createDiv("callout-title").createDiv("callout-title-inner"),
			callout[3] || type.charAt(0).toUpperCase() + type.slice(1),
		);
		new BlockWriter(this.inline, box.createDiv("callout-content")).write(inner.slice(1), start + offset + 1);
		return end;
	}

	/** A list; items indented under an item are its sub-list. */
	private list(lines: readonly string[], start: number, offset: number): number {
		const first = LIST_ITEM.exec(lines[start]);
		if (first === null) return start + 1;
		const indent = first[1].length;
		const listEl = this.root.createEl(/\d/.test(first[2]) ? "ol" : "ul", { attr: { "data-line": start + offset } });
		let at = start;
		while (at < lines.length) {
			const item = LIST_ITEM.exec(lines[at]);
			if (item === null || item[1].length < indent) break;
			if (item[1].length > indent) {
				at = new BlockWriter(this.inline, listEl.lastElementChild as HTMLElement).list(lines, at, offset);
				continue;
			}
			const li = listEl.createEl("li", { attr: { "data-line": at + offset } });
			if (item[4] !== undefined) {
				const done = item[4] !== " ";
				li.addClass("task-list-item");
				if (done) li.addClass("is-checked");
				li.createEl("input", {
					cls: "task-list-item-checkbox",
					type: "checkbox",
					attr: { disabled: true, ...(done ? { checked: true } : {}) },
				});
			}
			this.inline.write(li, item[5]);
			at++;
		}
		return at;
	}

	private table(lines: readonly string[], start: number, offset: number): number {
		const cells = (line: string) =>
			line
				.trim()
				.replace(/^\|/, "")
				.replace(/\|$/, "")
				.split("|")
				.map((cell) => cell.trim());
		const table = this.root.createEl("table", { attr: { "data-line": start + offset } });
		const head = table.createEl("thead").createEl("tr");
		for (const cell of cells(lines[start])) this.inline.write(head.createEl("th"), cell);
		const body = table.createEl("tbody");
		let at = start + 2;
		for (; at < lines.length && lines[at].trimStart().startsWith("|"); at++) {
			const row = body.createEl("tr");
			for (const cell of cells(lines[at])) this.inline.write(row.createEl("td"), cell);
		}
		return at;
	}
}

/** Inline syntax, earliest match first; emphasis is written recursively. */
const INLINE =
	/(`+)([\s\S]*?[^`])\1(?!`)|(!?)\[\[([^\]|#]*)(#[^\]|]*)?(?:\|([^\]]*))?\]\]|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|==(.+?)==|\*(?!\s)(.+?)\*|(?<![\w])_(?!\s)(.+?)_(?![\w])|(?<![\w#])#([\p{L}\p{N}_/-]*[\p{L}_/-][\p{L}\p{N}_/-]*)/u;

class InlineWriter {
	constructor(
		private readonly app: App,
		private readonly sourcePath: string,
	) {}

	write(parent: HTMLElement, text: string): void {
		let rest = text;
		for (let match = INLINE.exec(rest); match !== null; match = INLINE.exec(rest)) {
			parent.appendText(rest.slice(0, match.index));
			this.token(parent, match);
			rest = rest.slice(match.index + match[0].length);
		}
		parent.appendText(rest);
	}

	private token(parent: HTMLElement, match: RegExpExecArray): void {
		const [, ticks, code, bang, target, subpath, alias, label, url, bold, bold2, strike, mark, em, em2, tag] = match;
		if (ticks !== undefined) parent.createEl("code", { text: code.trim() });
		else if (target !== undefined) this.internalLink(parent, target, subpath ?? "", alias, bang === "!");
		else if (label !== undefined) {
			const link = parent.createEl("a", {
				cls: "external-link",
				href: url,
				attr: { target: "_blank", rel: "noopener nofollow" },
			});
			this.write(link, label);
		} else if (tag !== undefined) parent.createEl("a", { cls: "tag", text: `#${tag}`, href: `#${tag}` });
		else {
			const [tagName, inner]: readonly ["strong" | "del" | "mark" | "em", string] =
				(bold ?? bold2) !== undefined
					? ["strong", bold ?? bold2]
					: strike !== undefined
						? ["del", strike]
						: mark !== undefined
							? ["mark", mark]
							: ["em", em ?? em2];
			this.write(parent.createEl(tagName), inner);
		}
	}

	/** A `[[link]]` as Obsidian renders it: `data-href` the link text, marked when no note answers it. */
	private internalLink(
		parent: HTMLElement,
		target: string,
		subpath: string,
		alias: string | undefined,
		embed: boolean,
	): void {
		const linktext = `${target}${subpath}`;
		const resolved = this.app.metadataCache.getFirstLinkpathDest(
			target === "" ? this.sourcePath : target,
			this.sourcePath,
		);
		const text =
			alias ?? (target === "" ? subpath.slice(1) : subpath === "" ? target : `${target} > ${subpath.slice(1)}`);
		const link = parent.createEl("a", { cls: "internal-link", text, href: linktext, attr: { "data-href": linktext } });
		if (resolved === null) link.addClass("is-unresolved");
		if (embed) link.addClass("internal-embed");
	}
}
