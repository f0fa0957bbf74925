import * as z from "zod/mini";

/** The longest heading an argument may name: a heading, not a paragraph. */
const MAX_HEADING_CHARS = 200;

/** A note the model names by its vault path, as memory_search gives it, or by a link. */
export function notePathArgument() {
	return z
		.string()
		.check(
			z.minLength(1),
			z.describe(
				"The note's vault path as memory_search gives it, e.g. `Projects/Atlas.md`; a link such as `[[Atlas]]` works too.",
			),
		);
}

/** A heading of a note or an identity file, as written there. */
export function headingArgument(description: string) {
	return z.string().check(z.minLength(1), z.maxLength(MAX_HEADING_CHARS), z.describe(description));
}
