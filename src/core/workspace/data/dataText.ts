/**
 * What `readDataText` made of the text of `data.json`. `repaired`: the text was not strict JSON
 * but meant one object (a byte-order mark, comments, trailing commas, leftover text after the
 * object), so the file is kept as a backup before a save rewrites it.
 */
export type DataText =
	| { readonly ok: true; readonly value: unknown; readonly repaired: boolean }
	| { readonly ok: false; readonly reason: "empty" | "not-json" | "two-objects" | "duplicate-key" };

/** Deeper than any settings file; past it the text is not read, so that no input can exhaust the stack. */
const MAX_DEPTH = 256;

/** A line a version-control merge leaves in a file it could not merge: `<<<<<<<`, `=======`, `>>>>>>>`. */
const CONFLICT_MARKER = /^(?:<{7}|={7}|>{7})/m;

/**
 * Reads `data.json` as a person who edited it by hand means it: a leading byte-order mark, `//`
 * and `/* *\/` comments and trailing commas are forgiven, and text left after one complete object
 * (the tail of a longer file that a shorter save did not clear) is ignored. Nothing is guessed:
 * a second object or a merge's conflict markers (a sync conflict), a key given twice in one object
 * (`JSON.parse` would keep the last, which may be an empty list of private folders), a truncated
 * object, or text that is not JSON are refused. Linear in the text's length; never throws.
 */
export function readDataText(text: string): DataText {
	const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
	const start = skipIgnorable(body, 0);
	if (start === null) return { ok: false, reason: "not-json" };
	if (start >= body.length) return { ok: false, reason: "empty" };
	if (body[start] !== "{") return strict(body, text !== body);
	const object = cleanObject(body, start);
	if (object === null) return { ok: false, reason: "not-json" };
	const rest = body.slice(object.end);
	if (rest.includes("{") || CONFLICT_MARKER.test(body)) return { ok: false, reason: "two-objects" };
	if (object.repeatsKey) return { ok: false, reason: "duplicate-key" };
	try {
		const value: unknown = JSON.parse(object.json);
		const commented = body.slice(0, start).trim() !== "" || object.json !== body.slice(start, object.end);
		const leftover = skipIgnorable(body, object.end) !== body.length;
		return { ok: true, value, repaired: text !== body || commented || leftover };
	} catch {
		return { ok: false, reason: "not-json" };
	}
}

/** Anything but an object is read strictly: the loader refuses it anyway, with what it is. */
function strict(body: string, hadMark: boolean): DataText {
	try {
		return { ok: true, value: JSON.parse(body) as unknown, repaired: hadMark };
	} catch {
		return { ok: false, reason: "not-json" };
	}
}

/**
 * The object that starts at `start`, as strict JSON (comments and trailing commas taken out), where
 * it ends, and whether an object in it gives a key twice; `null` when it is not closed or nests
 * past `MAX_DEPTH`. One pass, no recursion.
 */
function cleanObject(text: string, start: number): { json: string; end: number; repeatsKey: boolean } | null {
	let json = "";
	let depth = 0;
	let at = start;
	// The keys seen in each object open around `at` (`null` for a list), and whether a key comes next.
	const keysOfOpen: (Set<string> | null)[] = [];
	let keyNext = false;
	let repeatsKey = false;
	while (at < text.length) {
		const char = text[at];
		if (char === '"') {
			const close = stringEnd(text, at);
			if (close === null) return null;
			const literal = text.slice(at, close);
			const keys = keysOfOpen[keysOfOpen.length - 1];
			if (keyNext && keys) {
				const key = keyOf(literal);
				repeatsKey ||= keys.has(key);
				keys.add(key);
				keyNext = false;
			}
			json += literal;
			at = close;
			continue;
		}
		if (char === "/") {
			const after = skipIgnorable(text, at);
			if (after === null || after === at) return null;
			at = after;
			continue;
		}
		if (char === ",") {
			const next = skipIgnorable(text, at + 1);
			if (next === null) return null;
			// A comma before a closing bracket is a trailing comma: dropped.
			if (text[next] !== "}" && text[next] !== "]") json += char;
			keyNext = keysOfOpen[keysOfOpen.length - 1] instanceof Set;
			at++;
			continue;
		}
		if (char === "{" || char === "[") {
			depth++;
			if (depth > MAX_DEPTH) return null;
			keysOfOpen.push(char === "{" ? new Set() : null);
			keyNext = char === "{";
		} else if (char === "}" || char === "]") {
			depth--;
			keysOfOpen.pop();
			keyNext = false;
		}
		json += char;
		at++;
		if (depth === 0) return { json, end: at, repeatsKey };
	}
	return null;
}

/** A key as `JSON.parse` names it (`"a\u0062"` is `ab`); one that does not parse fails the whole text later. */
function keyOf(literal: string): string {
	if (!literal.includes("\\")) return literal.slice(1, -1);
	try {
		return String(JSON.parse(literal));
	} catch {
		return literal;
	}
}

/** The index just past the string's closing quote, `null` when it is not closed. */
function stringEnd(text: string, open: number): number | null {
	for (let at = open + 1; at < text.length; at++) {
		if (text[at] === "\\") at++;
		else if (text[at] === '"') return at + 1;
	}
	return null;
}

/** Past white space and comments from `at`; `null` when a block comment is not closed. */
function skipIgnorable(text: string, from: number): number | null {
	let at = from;
	for (;;) {
		while (at < text.length && /\s/.test(text[at])) at++;
		if (text.startsWith("//", at)) {
			const newline = text.indexOf("\n", at);
			at = newline === -1 ? text.length : newline + 1;
		} else if (text.startsWith("/*", at)) {
			const close = text.indexOf("*/", at + 2);
			if (close === -1) return null;
			at = close + 2;
		} else {
			return at;
		}
	}
}
