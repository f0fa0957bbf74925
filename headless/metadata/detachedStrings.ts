/**
 * V8 copies a slice shorter than this; from this length on, a slice is a view into the string it
 * was cut from.
 */
const SHORTEST_VIEW = 13;

/**
 * A copy of `text` that shares no memory with the string it was cut from. JavaScript engines keep
 * a slice of a long string as a view into it, so a heading or a tag cut from a note and kept for
 * good would keep the whole note's text alive with it: for a cache of every note's metadata, as
 * much memory again as the vault's text. Concatenating makes a new string, and the slice taken
 * back out of it points into that one alone. A string too short to be a view is returned as it
 * is: copying it would only duplicate a literal many notes share ("paragraph", "list").
 */
export function detachedCopy(text: string): string {
	return text.length < SHORTEST_VIEW ? text : ` ${text}`.slice(1);
}

/**
 * Replaces, in place, every string in `value`'s arrays and objects, at any depth, with a copy of
 * its own (see `detachedCopy`); returns `value`. A walk with a stack of its own, not recursion:
 * properties may nest as deep as the frontmatter reader allows. With `shared`, values met twice
 * (YAML aliases share them, and may make one contain itself) are walked once; without it, `value`
 * must be a tree, as the parser's own objects are, and the walk keeps no record of where it went.
 */
export function detachStrings<T extends object>(value: T, shared: boolean): T {
	const walk: Walk = { stack: [value], seen: shared ? new Set<object>([value]) : null };
	for (let holder = walk.stack.pop(); holder !== undefined; holder = walk.stack.pop()) {
		if (Array.isArray(holder)) {
			for (let index = 0; index < holder.length; index++) holder[index] = visited(holder[index], walk);
		} else {
			const record = holder as Record<string, unknown>;
			for (const key in record) if (Object.hasOwn(record, key)) record[key] = visited(record[key], walk);
		}
	}
	return value;
}

interface Walk {
	readonly stack: object[];
	readonly seen: Set<object> | null;
}

/** `field` itself, or its copy for a string; an object not walked yet is put on the stack. */
function visited(field: unknown, walk: Walk): unknown {
	if (typeof field === "string") return detachedCopy(field);
	if (typeof field === "object" && field !== null && (walk.seen === null || !walk.seen.has(field))) {
		walk.seen?.add(field);
		walk.stack.push(field);
	}
	return field;
}
