import {
	bearerToken,
	checkRequest,
	isLoopbackOrigin,
	isOwnHost,
	sameToken,
	tokenProblem,
} from "../../../src/core/mcp/requestGuard";

const TOKEN = "t".repeat(40);
const ok = { host: ["127.0.0.1:4000"], origin: undefined, authorization: [`Bearer ${TOKEN}`] };

describe("the checks before an MCP request over HTTP", () => {
	it("refuses a missing, short, long or unprintable token at start", () => {
		expect(tokenProblem(undefined)).toBe("token-missing");
		expect(tokenProblem("")).toBe("token-missing");
		expect(tokenProblem("short")).toBe("token-too-short");
		expect(tokenProblem("x".repeat(513))).toBe("token-too-long");
		expect(tokenProblem(`${"x".repeat(40)} y`)).toBe("token-not-printable");
		expect(tokenProblem(TOKEN)).toBeNull();
	});

	it("compares tokens whole, whatever their lengths", () => {
		expect(sameToken(TOKEN, TOKEN)).toBe(true);
		expect(sameToken("", TOKEN)).toBe(false);
		expect(sameToken(TOKEN.slice(1), TOKEN)).toBe(false);
		expect(sameToken(`${TOKEN}t`, TOKEN)).toBe(false);
		expect(sameToken(`${TOKEN.slice(0, -1)}u`, TOKEN)).toBe(false);
		// A shorter token that repeats the expected one's start is still not it.
		expect(sameToken("tt", "tttt")).toBe(false);
	});

	it("reads only a bearer token from Authorization", () => {
		expect(bearerToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
		expect(bearerToken(`bearer ${TOKEN}`)).toBe(TOKEN);
		expect(bearerToken(`Basic ${TOKEN}`)).toBeNull();
		expect(bearerToken(TOKEN)).toBeNull();
		expect(bearerToken("Bearer ")).toBeNull();
	});

	it("knows its own Host, by number or as localhost, on its own port only", () => {
		expect(isOwnHost("127.0.0.1:4000", 4000)).toBe(true);
		expect(isOwnHost("LOCALHOST:4000", 4000)).toBe(true);
		expect(isOwnHost("127.0.0.1:4001", 4000)).toBe(false);
		expect(isOwnHost("127.0.0.1", 4000)).toBe(false);
		expect(isOwnHost("evil.example:4000", 4000)).toBe(false);
		expect(isOwnHost("localhost.evil.example:4000", 4000)).toBe(false);
		// Fail closed on the spellings a rebinding page might try: the server is on 127.0.0.1 only,
		// so neither IPv6 loopback nor a fully qualified `localhost.` ever names it.
		expect(isOwnHost("[::1]:4000", 4000)).toBe(false);
		expect(isOwnHost("localhost.:4000", 4000)).toBe(false);
		expect(isOwnHost("127.0.0.1:04000", 4000)).toBe(false);
		expect(isOwnHost("user@127.0.0.1:4000", 4000)).toBe(false);
	});

	it("accepts only loopback pages as Origin", () => {
		expect(isLoopbackOrigin("http://127.0.0.1:5173")).toBe(true);
		expect(isLoopbackOrigin("http://localhost")).toBe(true);
		expect(isLoopbackOrigin("http://evil.example")).toBe(false);
		expect(isLoopbackOrigin("http://localhost.evil.example")).toBe(false);
		expect(isLoopbackOrigin("http://127.0.0.1.evil.example")).toBe(false);
		expect(isLoopbackOrigin("https://evil.example:443")).toBe(false);
		expect(isLoopbackOrigin("null")).toBe(false);
		expect(isLoopbackOrigin("http://localhost:99999")).toBe(false);
		expect(isLoopbackOrigin("http://localhost.:4000")).toBe(false);
		expect(isLoopbackOrigin("http://[::1]:4000")).toBe(false);
		expect(isLoopbackOrigin("http://localhost:4000@evil.example")).toBe(false);
		expect(isLoopbackOrigin("http://127.0.0.1:4000/")).toBe(false);
		expect(isLoopbackOrigin("")).toBe(false);
	});

	it("refuses a foreign page (403) before looking at the token, and a wrong token with 401", () => {
		const expected = { port: 4000, token: TOKEN };
		expect(checkRequest(ok, expected)).toBeNull();
		expect(checkRequest({ ...ok, origin: ["http://localhost:3000"] }, expected)).toBeNull();
		expect(checkRequest({ ...ok, host: ["evil.example:4000"] }, expected)).toEqual({ status: 403, reason: "host" });
		expect(checkRequest({ ...ok, host: undefined }, expected)).toEqual({ status: 403, reason: "host" });
		expect(checkRequest({ ...ok, host: ["127.0.0.1:4000", "evil.example"] }, expected)?.reason).toBe("host");
		expect(checkRequest({ ...ok, origin: ["http://evil.example"], authorization: undefined }, expected)).toEqual({
			status: 403,
			reason: "origin",
		});
		expect(checkRequest({ ...ok, origin: ["http://localhost", "http://evil.example"] }, expected)?.reason).toBe(
			"origin",
		);
		expect(checkRequest({ ...ok, authorization: undefined }, expected)).toEqual({ status: 401, reason: "token" });
		expect(checkRequest({ ...ok, authorization: ["Bearer wrong"] }, expected)).toEqual({
			status: 401,
			reason: "token",
		});
		expect(checkRequest({ ...ok, authorization: [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`] }, expected)?.reason).toBe(
			"token",
		);
	});
});
