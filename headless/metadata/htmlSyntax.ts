/** Raw HTML as CommonMark recognises it, in blocks and inline. Its content is never indexed. */

const TAG_NAME = "[A-Za-z][A-Za-z0-9-]*";
const ATTRIBUTE = "(?:\\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\\s*=\\s*(?:[^\"'=<>`\\x00-\\x20]+|'[^']*'|\"[^\"]*\"))?)";
const OPEN_TAG = `<${TAG_NAME}${ATTRIBUTE}*\\s*/?>`;
const CLOSE_TAG = `</${TAG_NAME}\\s*>`;

/** An inline HTML tag starting exactly at `lastIndex`. */
export const INLINE_TAG = new RegExp(`${OPEN_TAG}|${CLOSE_TAG}`, "y");

const BLOCK_TAG_NAMES =
	"address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|" +
	"fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|" +
	"menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|" +
	"track|ul";

export interface HtmlBlockKind {
	readonly start: RegExp;
	/** The line that ends the block; `null` when a blank line ends it. */
	readonly end: RegExp | null;
	/** Whether it may interrupt a paragraph. */
	readonly interrupts: boolean;
}

/** The seven kinds of HTML block, in the order CommonMark tries them. */
export const HTML_BLOCK_KINDS: readonly HtmlBlockKind[] = [
	{ start: /^<(?:script|pre|textarea|style)(?:\s|>|$)/i, end: /<\/(?:script|pre|textarea|style)>/i, interrupts: true },
	{ start: /^<!--/, end: /-->/, interrupts: true },
	{ start: /^<\?/, end: /\?>/, interrupts: true },
	{ start: /^<![A-Za-z]/, end: />/, interrupts: true },
	{ start: /^<!\[CDATA\[/, end: /\]\]>/, interrupts: true },
	{ start: new RegExp(`^</?(?:${BLOCK_TAG_NAMES})(?:\\s|/?>|$)`, "i"), end: null, interrupts: true },
	{ start: new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})\\s*$`), end: null, interrupts: false },
];
