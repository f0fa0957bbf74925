/**
 * A copy of `text` that shares no memory with the string it was cut from. JavaScript engines keep
 * a slice of a long string as a view into it (V8 from 13 characters on), so a heading or a tag cut
 * from a note and kept for good would keep the whole note's text alive with it: for a cache of
 * every note's metadata, as much memory again as the vault's text. Concatenating
 * makes a new string, and the slice taken back out of it points into that one alone.
 */
export function detachedCopy(text: string): string {
	return ` ${text}`.slice(1);
}

/**
 * Replaces, in place, every string in `value`'s arrays and objects, at any depth, with a copy of
 * its own (see `detachedCopy`); returns `value`. A walk with a stack of its own, not recursion:
 * properties may nest as deep as the frontmatter reader allows, and share values through YAML
 * aliases, which are visited once.
 */
export function detachStrings<T extends object>(value: T): T {
	const seen = new Set<object>([value]);
	const stack: object[] = [value];
	for (let holder = stack.pop(); holder !== undefined; holder = stack.pop()) {
		const record = holder as Record<string, unknown>;
		for (const key of Object.keys(record)) {
			const field = record[key];
			if (typeof field === "string") record[key] = detachedCopy(field);
			else if (typeof field === "object" && field !== null && !seen.has(field)) {
				seen.add(field);
				stack.push(field);
			}
		}
	}
	return value;
}
