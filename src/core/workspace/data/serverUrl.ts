import { serverRoot } from "../../model/modelServer";

/**
 * A compatible server's base URL as the settings keep it: `http` or `https`, a host, a path if
 * the server sits under one, and nothing after it. The SDK appends `/v1/messages`, so a `/v1`
 * the user copied from the server's own screen (LM Studio shows `http://localhost:1234/v1`) is
 * taken off, as are trailing slashes. `null` when `text` is not such an address.
 */
export function serverBaseUrl(text: string): string | null {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return null;
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") return null;
	if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") return null;
	return serverRoot(`${url.protocol}//${url.host}${url.pathname}`);
}
