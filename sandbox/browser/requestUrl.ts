import { requestUrlOver, type RawAnswer } from "../obsidianApi/requestUrl";
import { REQUEST_URL_PATH, WRITE_HEADER } from "../server/protocol";

/**
 * Obsidian's `requestUrl` in the page: the sandbox's server makes the request, outside the
 * page's CORS rules as Obsidian's main process makes it outside the window's. The server makes
 * it only to this machine's loopback addresses (see `requestUrlProxy.ts`).
 */
export const requestUrl = requestUrlOver(async (request) => {
	if (request.body instanceof ArrayBuffer) throw new Error("The sandbox's requestUrl sends text bodies only.");
	const response = await fetch(REQUEST_URL_PATH, {
		method: "POST",
		headers: { "content-type": "application/json", [WRITE_HEADER]: "1" },
		body: JSON.stringify(request),
	});
	if (!response.ok) throw new Error(await response.text());
	return (await response.json()) as RawAnswer;
});
