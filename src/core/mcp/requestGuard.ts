/**
 * The checks every request to the workspace's MCP server over HTTP passes before anything reads
 * its body: the server listens on 127.0.0.1 only, but any web page the user opens can still send
 * requests there, and a page that rebinds its own host name to 127.0.0.1 (DNS rebinding) even
 * reads the answers. So the `Host` must name this very server, an `Origin` (sent by browsers) must
 * be a loopback page, and the bearer token must match. No imports, nothing of Node: the HTTP
 * server runs them the same inside Obsidian and in the headless process.
 */

/** Shorter tokens are refused at start: a token is the only thing between a local process and the memory. */
export const MIN_TOKEN_LENGTH = 32;
/** Longer tokens are refused too: a header of that size is no token, and comparing it costs for nothing. */
export const MAX_TOKEN_LENGTH = 512;

/** Why a token cannot guard a server; the host words it in the user's language. */
export type TokenProblem = "token-missing" | "token-too-short" | "token-too-long" | "token-not-printable";

/** Visible ASCII only: the token travels in a header, and whitespace or a control character would not survive it. */
const PRINTABLE = /^[\x21-\x7e]+$/;

export function tokenProblem(token: string | undefined): TokenProblem | null {
	if (token === undefined || token === "") return "token-missing";
	if (!PRINTABLE.test(token)) return "token-not-printable";
	if (token.length < MIN_TOKEN_LENGTH) return "token-too-short";
	if (token.length > MAX_TOKEN_LENGTH) return "token-too-long";
	return null;
}

/**
 * Whether two tokens are equal, in a time that depends on the expected token's length only: an
 * early exit at the first differing character would let a caller time its way to the token one
 * character at a time.
 */
export function sameToken(given: string, expected: string): boolean {
	let difference = given.length ^ expected.length;
	for (let i = 0; i < expected.length; i++) {
		// A shorter `given` is read again from its start, so every call does the same work; its
		// length already differs, so the answer is no whatever the characters compare to.
		const index = given.length === 0 ? 0 : i % given.length;
		difference |= (given.charCodeAt(index) | 0) ^ expected.charCodeAt(i);
	}
	return difference === 0;
}

/**
 * The `Host` a request must carry: the server's own address, by number or as `localhost`. A page
 * on a rebound name (`evil.example:port`) carries that name, which is how it is told apart.
 */
export function isOwnHost(host: string, port: number): boolean {
	const lower = host.toLowerCase();
	return lower === `127.0.0.1:${port}` || lower === `localhost:${port}`;
}

const LOOPBACK_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::([0-9]{1,5}))?$/i;

/**
 * Whether an `Origin` is a page served from this machine's loopback address, on any port (a local
 * inspector or tool page). `null` (a sandboxed or file page) and any other site are refused.
 */
export function isLoopbackOrigin(origin: string): boolean {
	const match = LOOPBACK_ORIGIN.exec(origin);
	if (match === null) return false;
	return match[1] === undefined || Number(match[1]) <= 65535;
}

/** The token of an `Authorization: Bearer <token>` header, or null for any other shape. */
export function bearerToken(authorization: string): string | null {
	const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(authorization);
	if (match === null || match[1].length > MAX_TOKEN_LENGTH) return null;
	return match[1];
}

/** The headers the guard reads, each with all the values the request carried (a repeated header is refused). */
export interface GuardedHeaders {
	readonly host: readonly string[] | undefined;
	readonly origin: readonly string[] | undefined;
	readonly authorization: readonly string[] | undefined;
}

/** A request refused: the status to answer and, for logs and tests, which check refused it. */
export interface Refusal {
	readonly status: 401 | 403;
	readonly reason: "host" | "origin" | "token";
}

/**
 * The verdict on one request, or null when it may go on. Host and Origin come first: a foreign
 * page is refused as such (403) before its token is even looked at, and a caller without the
 * token learns nothing but 401.
 */
export function checkRequest(headers: GuardedHeaders, expected: { port: number; token: string }): Refusal | null {
	const host = single(headers.host);
	if (host === null || !isOwnHost(host, expected.port)) return { status: 403, reason: "host" };
	if (headers.origin !== undefined && headers.origin.length > 0) {
		const origin = single(headers.origin);
		if (origin === null || !isLoopbackOrigin(origin)) return { status: 403, reason: "origin" };
	}
	const authorization = single(headers.authorization);
	const token = authorization === null ? null : bearerToken(authorization);
	if (token === null || !sameToken(token, expected.token)) return { status: 401, reason: "token" };
	return null;
}

/** The one value of a header sent once; a missing or repeated header gives null, which every check refuses. */
function single(values: readonly string[] | undefined): string | null {
	return values !== undefined && values.length === 1 ? values[0] : null;
}
