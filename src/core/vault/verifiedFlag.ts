import type { NoteMetadata } from "../metadata";
import { foldedAsMeant } from "../text/foldedAsMeant";
import { tagMatches, tagsOf } from "./noteProperties";

/**
 * Whether the user marked a note `verified`: they checked it, so neither organizing nor the
 * assistant's proposed edits change it unasked.
 *
 * Read as a person means it, and failing closed: a `verified` property (the key in any case or
 * width) protects the note whatever its value says, a tick (`✅`, `✓`), `yes`, a date or a name
 * alike, unless the value clearly says no (`false`, `no`, `0`, `off`, `否`, `❌`, …) or is empty;
 * a list protects it when one of its items does. So does the tag `verified` (`tags: [verified]`,
 * `#verified`, `#verified/2024`). A note whose properties cannot be read, or that the metadata
 * cache does not know yet, counts as verified: nothing says it is not.
 */

/** Values of a `verified` property that say the note is not verified, as `foldedAsMeant` reads them. */
const NO = new Set([
	"false",
	"no",
	"n",
	"off",
	"0",
	"none",
	"unverified",
	"not verified",
	"否",
	"不",
	"未验证",
	"✗",
	"✘",
	"❌",
	"❎",
	"×",
]);

const TAG = "verified";

function saysNo(value: unknown): boolean {
	if (value === null || value === undefined || value === false || value === 0) return true;
	if (typeof value === "string") {
		const folded = foldedAsMeant(value).trim();
		return folded === "" || NO.has(folded) || NO.has(folded.replace(/[.!。！]+$/, ""));
	}
	return Array.isArray(value) && value.every(saysNo);
}

export function isVerified(metadata: NoteMetadata | null): boolean {
	if (metadata === null) return true;
	const unreadable = metadata.frontmatter === undefined && metadata.sections?.[0]?.type === "yaml";
	if (unreadable) return true;
	const flagged = Object.entries(metadata.frontmatter ?? {}).some(
		([key, value]) => foldedAsMeant(key).trim() === TAG && !saysNo(value),
	);
	return flagged || tagsOf(metadata).some((tag) => tagMatches(tag, TAG));
}
