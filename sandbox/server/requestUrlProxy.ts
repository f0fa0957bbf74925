import type { RequestUrlParam } from "obsidian";
import { rawAnswer, type RawAnswer } from "../obsidianApi/requestUrl";

/** Only this machine: the sandbox stands in for Obsidian's main process for tests, never as a way out to the network. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** How long a request may take before the page is told it failed. */
const TIMEOUT_MS = 30_000;

/** A request the page may not have made for it: its reason, for the 403 that answers it. */
export class RequestRefused extends Error {}

/**
 * Makes the page's `requestUrl` (a JSON `RequestUrlParam`) from Node, outside the page's CORS
 * rules, as Obsidian's main process does, to a loopback address over http only. Rejects when
 * nothing answers there, as Obsidian's `requestUrl` does.
 */
export async function proxyRequestUrl(body: string): Promise<RawAnswer> {
	const request = JSON.parse(body) as RequestUrlParam;
	const url = new URL(request.url);
	if (url.protocol !== "http:" || !LOOPBACK.has(url.hostname))
		throw new RequestRefused(`The sandbox makes requests to this machine only, not to ${url.origin}.`);
	const response = await fetch(url, {
		method: request.method ?? "GET",
		headers: {
			...(request.contentType === undefined ? {} : { "content-type": request.contentType }),
			...request.headers,
		},
		body: typeof request.body === "string" ? request.body : undefined,
		redirect: "manual",
		signal: AbortSignal.timeout(TIMEOUT_MS),
	});
	return rawAnswer(response);
}
