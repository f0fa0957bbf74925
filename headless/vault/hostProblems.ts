/**
 * What a host tells the user about the vault folder while it reads it: things skipped, each named,
 * so that one odd file never stops the rest of the vault from working. The host words them in the
 * user's language (stderr for the command line, a notice in a window).
 */
export type HostProblem =
	/** A file or folder whose name is not valid UTF-8, shown with its odd bytes escaped (`\xE9`). */
	| { readonly kind: "not-utf8-name"; readonly name: string }
	/** A note whose metadata could not be computed; it is listed without metadata, so the core hides it. */
	| { readonly kind: "unreadable-metadata"; readonly path: string }
	/**
	 * A write that another program saved an older copy over, `savedOver` times, and that was not
	 * made again past the bound or for `error`: it is not in the note (see `WriteWatch`).
	 */
	| { readonly kind: "write-lost"; readonly path: string; readonly savedOver: number; readonly error: string | null };

export interface HostProblemSink {
	report(problem: HostProblem): void;
}
