import type { Middleware } from "@anthropic-ai/sdk/client";
import { ModelError } from "../core/model/modelClient";

/** The statuses a fetch follows by itself: 307 and 308 with the same body, the others as a new request. */
const REDIRECTS: readonly number[] = [301, 302, 303, 307, 308];

/**
 * The server answered with a redirect, which was not followed: nothing went to the address it
 * named. `status` is undefined where the browser keeps it from the page (Obsidian's window).
 */
export class RedirectRefusedError extends ModelError {
	constructor(readonly status: number | undefined) {
		super(
			"redirect",
			`The server answered with a redirect${status === undefined ? "" : ` (${status})`}; it was not followed, and nothing was sent to the other address.`,
		);
	}
}

/**
 * Every request of the plugin's SDK clients follows no redirect. A fetch follows one by itself,
 * and a 307 or 308 would send the prompt, with the notes in it, to whatever address the server
 * names, which may be anywhere: the request goes to the address the user set, or nowhere.
 */
export const refuseRedirects: Middleware = async (request, next) => {
	const response = await next({ ...request, redirect: "manual" });
	// A browser hides a redirect's status and address from the page: `opaqueredirect`, status 0.
	const hidden = response.type === "opaqueredirect";
	if (!hidden && !REDIRECTS.includes(response.status)) return response;
	await response.body?.cancel();
	throw new RedirectRefusedError(hidden ? undefined : response.status);
};
