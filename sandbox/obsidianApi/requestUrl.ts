import type { RequestUrlParam, RequestUrlResponse, RequestUrlResponsePromise } from "obsidian";

/** What a request outside the window's CORS rules brought back, before it is shaped as Obsidian shapes it. */
export interface RawAnswer {
	readonly status: number;
	readonly headers: Readonly<Record<string, string>>;
	readonly text: string;
}

/**
 * Obsidian's `requestUrl` over `send`: a request made outside the window's CORS rules (Obsidian
 * makes it in its main process), answered as Obsidian answers it: rejected when nothing
 * answers, or when the status is 400 or more and `throw` is not `false`.
 */
export function requestUrlOver(
	send: (request: RequestUrlParam) => Promise<RawAnswer>,
): (request: RequestUrlParam | string) => RequestUrlResponsePromise {
	return (request) => {
		const param = typeof request === "string" ? { url: request } : request;
		const response = send(param).then((answer): RequestUrlResponse => {
			if (answer.status >= 400 && param.throw !== false) throw new Error(`Request failed, status ${answer.status}`);
			return {
				status: answer.status,
				headers: { ...answer.headers },
				text: answer.text,
				get json(): unknown {
					return JSON.parse(answer.text) as unknown;
				},
				get arrayBuffer(): ArrayBuffer {
					return new TextEncoder().encode(answer.text).buffer as ArrayBuffer;
				},
			};
		});
		// Made when read, as a promise nobody reads must not fail unhandled when the request does.
		return Object.defineProperties(response, {
			text: { get: () => response.then((answer) => answer.text) },
			json: { get: () => response.then((answer) => answer.json as unknown) },
			arrayBuffer: { get: () => response.then((answer) => answer.arrayBuffer) },
		}) as RequestUrlResponsePromise;
	};
}

/** The tests' `requestUrl`: the runtime's own `fetch`, which Node makes with no CORS at all, as Obsidian's main process does. */
export const requestUrl = requestUrlOver(async (request) => {
	const response = await fetch(request.url, {
		method: request.method ?? "GET",
		headers: {
			...(request.contentType === undefined ? {} : { "content-type": request.contentType }),
			...request.headers,
		},
		body: request.body,
	});
	return rawAnswer(response);
});

/** A `fetch` response as `requestUrl` hands it on. */
export async function rawAnswer(response: Response): Promise<RawAnswer> {
	const headers: Record<string, string> = {};
	response.headers.forEach((value, name) => (headers[name] = value));
	return { status: response.status, headers, text: await response.text() };
}
