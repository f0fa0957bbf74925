import { readFile } from "node:fs/promises";

/**
 * The Anthropic SDK checks path parameters for `.` and `..` segments with a regex lookbehind,
 * `(?<=^|\/)`, which Safari before 16.4 cannot parse: one such literal makes the whole `main.js`
 * a syntax error on older iPhones and iPads. This plugin rewrites that one module to the same
 * check without lookbehind: the segment's leading `/` (or the start) is matched in a group of
 * its own, and the reported position and text skip it. The trailing `/` stays a lookahead, so
 * consecutive segments (`/../..`) are each still found.
 *
 * The SDK's version is pinned; if an update changes the module so the text below is no longer
 * there, the build fails here rather than shipping the lookbehind or a half-rewritten check.
 */
const MODULE = /[\\/]@anthropic-ai[\\/]sdk[\\/]internal[\\/]utils[\\/]path\.m?js$/;

const REWRITES = [
	{
		before: "const invalidSegmentPattern = /(?<=^|\\/)(?:\\.|%2e){1,2}(?:;[^/]*)?(?=\\/|$)/gi;",
		after: "const invalidSegmentPattern = /(^|\\/)((?:\\.|%2e){1,2}(?:;[^/]*)?)(?=\\/|$)/gi;",
	},
	{
		before: 'start: match.index,\n            length: match[0].length,\n            error: `Value "${match[0]}"',
		after:
			'start: match.index + match[1].length,\n            length: match[2].length,\n            error: `Value "${match[2]}"',
	},
];

/** The module's source with every rewrite applied; throws when one no longer finds its text exactly once. */
export function rewriteSdkPath(source, file) {
	return REWRITES.reduce((text, { before, after }) => {
		const first = text.indexOf(before);
		if (first === -1 || text.indexOf(before, first + 1) !== -1) {
			throw new Error(
				`${file} no longer holds the expected text once, so its lookbehind cannot be rewritten safely:\n${before}`,
			);
		}
		return text.replace(before, () => after);
	}, source);
}

export const sdkPathWithoutLookbehind = {
	name: "sdk-path-without-lookbehind",
	setup(build) {
		build.onLoad({ filter: MODULE }, async ({ path }) => ({
			contents: rewriteSdkPath(await readFile(path, "utf8"), path),
			loader: "js",
		}));
	},
};
