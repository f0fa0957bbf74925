/** CommonMark's inline link, `[label](destination "title")`, matched at a `[`. */

export interface MarkdownLinkMatch {
	readonly label: string;
	readonly destination: string;
	/** Index just past the closing `)`. */
	readonly end: number;
}

/** The index of the `]` that closes the `[` at `open`, skipping escapes and nested brackets. */
function closingBracket(text: string, open: number): number {
	let depth = 0;
	for (let index = open; index < text.length; index++) {
		const char = text[index];
		if (char === "\\") index += 1;
		else if (char === "[") depth += 1;
		else if (char === "]" && --depth === 0) return index;
	}
	return -1;
}

function skipWhitespace(text: string, from: number): number {
	let index = from;
	while (index < text.length && /[ \t\n]/.test(text[index])) index += 1;
	return index;
}

/** A destination in `<...>` or a bare one with balanced parentheses; `null` when malformed. */
function readDestination(text: string, from: number): { value: string; end: number } | null {
	if (text[from] === "<") {
		const close = /^<((?:[^<>\n\\]|\\.)*)>/.exec(text.slice(from));
		return close ? { value: close[1], end: from + close[0].length } : null;
	}
	let depth = 0;
	let index = from;
	for (; index < text.length; index++) {
		const char = text[index];
		if (char === "\\" && index + 1 < text.length) index += 1;
		else if (/[\s\x00-\x1f]/.test(char)) break;
		else if (char === "(") depth += 1;
		else if (char === ")") {
			if (depth === 0) break;
			depth -= 1;
		}
	}
	return depth === 0 ? { value: text.slice(from, index), end: index } : null;
}

const TITLE = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))/;

export function matchMarkdownLink(text: string, open: number): MarkdownLinkMatch | null {
	const labelEnd = closingBracket(text, open);
	if (labelEnd < 0 || text[labelEnd + 1] !== "(") return null;
	const destination = readDestination(text, skipWhitespace(text, labelEnd + 2));
	if (!destination) return null;
	let index = skipWhitespace(text, destination.end);
	const title = index > destination.end ? TITLE.exec(text.slice(index)) : null;
	if (title) index = skipWhitespace(text, index + title[0].length);
	if (text[index] !== ")") return null;
	return { label: text.slice(open + 1, labelEnd), destination: destination.value, end: index + 1 };
}
