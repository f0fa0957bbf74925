import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
	LATEST_PROTOCOL_VERSION as SDK_LATEST,
	SUPPORTED_PROTOCOL_VERSIONS as SDK_SUPPORTED,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpSurface } from "../../../src/core/mcp";
import {
	LATEST_PROTOCOL_VERSION,
	openProtocolSession,
	SERVER_INFO,
	SUPPORTED_PROTOCOL_VERSIONS,
	type McpProtocolSession,
} from "../../../src/core/mcp/protocol";
import { fakeSurface } from "./fakeSurface";

function initialize(protocolVersion: unknown = LATEST_PROTOCOL_VERSION, name: unknown = "tester") {
	return {
		jsonrpc: "2.0",
		id: 0,
		method: "initialize",
		params: { protocolVersion, capabilities: {}, clientInfo: { name, version: "1" } },
	};
}

async function initialized(surface: McpSurface = fakeSurface()): Promise<McpProtocolSession> {
	const session = openProtocolSession(() => surface);
	expect((await session.receive(initialize()))?.error).toBeUndefined();
	return session;
}

function request(method: string, params?: unknown, id: string | number = 1) {
	return { jsonrpc: "2.0", id, method, ...(params !== undefined && { params }) };
}

describe("the MCP protocol over a surface, message by message", () => {
	it("speaks the revisions the official SDK client speaks, and says the plugin's version", () => {
		expect(LATEST_PROTOCOL_VERSION).toBe(SDK_LATEST);
		expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(SDK_SUPPORTED);
		const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "manifest.json"), "utf8")) as {
			version: string;
		};
		expect(SERVER_INFO).toEqual({ name: "assistant-workspace", version: manifest.version });
	});

	it("agrees on the client's revision when it is one of ours, on the latest otherwise, and opens the surface with the client's name", async () => {
		const names: unknown[] = [];
		const session = openProtocolSession((clientName) => {
			names.push(clientName());
			return fakeSurface();
		});
		expect(session.protocolVersion).toBeNull();
		const answer = await session.receive(initialize("2025-03-26", "claude-code"));
		expect(answer).toEqual({
			jsonrpc: "2.0",
			id: 0,
			result: {
				protocolVersion: "2025-03-26",
				capabilities: { tools: {}, resources: {}, prompts: {} },
				serverInfo: SERVER_INFO,
				instructions: expect.stringContaining("notes the user made private do not exist here"),
			},
		});
		expect(session.protocolVersion).toBe("2025-03-26");
		expect(names).toEqual(["claude-code"]);
		const other = openProtocolSession(() => fakeSurface());
		const future = await other.receive(initialize("2099-01-01"));
		expect((future?.result as { protocolVersion: string }).protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
		expect(other.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
	});

	it("answers nothing but ping before initialize, and refuses a second initialize", async () => {
		let opened = 0;
		const session = openProtocolSession(() => {
			opened++;
			return fakeSurface();
		});
		expect(await session.receive(request("ping"))).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
		const early = await session.receive(request("tools/list"));
		expect(early?.error?.code).toBe(-32600);
		expect(opened).toBe(0);
		await session.receive(initialize());
		const again = await session.receive(initialize());
		expect(again?.error?.code).toBe(-32600);
		expect(opened).toBe(1);
	});

	it("refuses what is not one JSON-RPC 2.0 message with -32600, batches included", async () => {
		const session = await initialized();
		for (const message of [
			null,
			"tools/list",
			42,
			{},
			{ jsonrpc: "1.0", id: 1, method: "ping" },
			{ id: 1, method: "ping" },
			{ jsonrpc: "2.0", id: null, method: "ping" },
			{ jsonrpc: "2.0", id: { nested: true }, method: "ping" },
			{ jsonrpc: "2.0", id: 1.5, method: "ping" },
			[request("ping"), request("tools/list", undefined, 2)],
			[],
		]) {
			const answer = await session.receive(message);
			expect(answer).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
		}
		// With a valid id, the refusal answers that id.
		for (const message of [
			{ jsonrpc: "2.0", id: 3, method: 7 },
			{ jsonrpc: "2.0", id: 3 },
		])
			expect(await session.receive(message)).toMatchObject({ id: 3, error: { code: -32600 } });
	});

	it("answers no notification and no response, and -32601 for a method it does not know", async () => {
		const session = await initialized();
		expect(await session.receive({ jsonrpc: "2.0", method: "notifications/initialized" })).toBeNull();
		expect(
			await session.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }),
		).toBeNull();
		expect(await session.receive({ jsonrpc: "2.0", method: "tools/call" })).toBeNull();
		expect(await session.receive({ jsonrpc: "2.0", id: 9, result: {} })).toBeNull();
		expect(await session.receive({ jsonrpc: "2.0", id: 9, error: { code: 1, message: "x" } })).toBeNull();
		const unknown = await session.receive(request("sampling/createMessage", {}, "abc"));
		expect(unknown).toEqual({ jsonrpc: "2.0", id: "abc", error: { code: -32601, message: "Method not found." } });
	});

	it("lists and calls tools with the surface's answers, annotations and attachments as MCP content", async () => {
		const session = await initialized(
			fakeSurface({
				callTool: async () => ({
					text: "Two files.",
					isError: false,
					attachments: [
						{ type: "image", mediaType: "image/png", data: "iVBO", name: "Files/map.png" },
						{ type: "document", mediaType: "application/pdf", data: "JVBE", name: "Files/a paper.pdf" },
					],
				}),
			}),
		);
		const listed = await session.receive(request("tools/list"));
		expect(listed?.result).toEqual({
			tools: [
				{
					name: "echo",
					description: "Answers with its text.",
					inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
					annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
				},
			],
		});
		const called = await session.receive(request("tools/call", { name: "echo", arguments: { text: "hi" } }));
		expect(called?.result).toEqual({
			content: [
				{ type: "text", text: "Two files." },
				{ type: "image", data: "iVBO", mimeType: "image/png" },
				{
					type: "resource",
					resource: { uri: "workspace://file/Files/a%20paper.pdf", mimeType: "application/pdf", blob: "JVBE" },
				},
			],
			isError: false,
		});
	});

	it("passes a tool's error on as isError, and calls without arguments with an empty object", async () => {
		const inputs: unknown[] = [];
		const session = await initialized(
			fakeSurface({
				callTool: async (_name, input) => {
					inputs.push(input);
					return { text: "Error: no.", isError: true };
				},
			}),
		);
		const called = await session.receive(request("tools/call", { name: "echo" }));
		expect(called?.result).toEqual({ content: [{ type: "text", text: "Error: no." }], isError: true });
		expect(inputs).toEqual([{}]);
	});

	it("reads resources and gets prompts, and refuses one it does not serve without echoing the name", async () => {
		const session = await initialized();
		expect((await session.receive(request("resources/list")))?.result).toEqual({
			resources: [
				{ uri: "workspace://memory/hot", name: "hot memory", description: "Hot.", mimeType: "text/markdown" },
			],
		});
		expect((await session.receive(request("resources/templates/list")))?.result).toEqual({ resourceTemplates: [] });
		expect((await session.receive(request("resources/read", { uri: "workspace://memory/hot" })))?.result).toEqual({
			contents: [{ uri: "workspace://memory/hot", mimeType: "text/markdown", text: "Likes tea." }],
		});
		const long = `workspace://${"x".repeat(10_000)}`;
		const missing = await session.receive(request("resources/read", { uri: long }));
		expect(missing?.error?.code).toBe(-32602);
		expect(JSON.stringify(missing).length).toBeLessThan(200);
		expect((await session.receive(request("prompts/list")))?.result).toEqual({
			prompts: [{ name: "start-session", description: "Opens a session." }],
		});
		expect((await session.receive(request("prompts/get", { name: "start-session" })))?.result).toEqual({
			description: "Opens a session.",
			messages: [{ role: "user", content: { type: "text", text: "Hello." } }],
		});
		const noPrompt = await session.receive(request("prompts/get", { name: "x".repeat(10_000) }));
		expect(noPrompt?.error).toEqual({ code: -32602, message: "No such prompt; list them with prompts/list." });
	});

	it("gives a budget's refusal of a resource or prompt as an error with its words", async () => {
		const refusal = { text: "Error: too many calls.", isError: true };
		const session = await initialized(
			fakeSurface({ readResource: async () => refusal, getPrompt: async () => refusal }),
		);
		for (const message of [
			request("resources/read", { uri: "workspace://memory/hot" }),
			request("prompts/get", { name: "start-session" }),
		])
			expect((await session.receive(message))?.error).toEqual({ code: -32600, message: "Error: too many calls." });
	});

	it("refuses bad params with -32602 and a short message that does not echo them", async () => {
		const session = await initialized();
		const huge = "y".repeat(100_000);
		for (const params of [
			["tools/call", {}],
			["tools/call", { name: 7 }],
			["tools/call", { name: "echo", arguments: [huge] }],
			["tools/call", { name: "echo", arguments: huge }],
			["tools/call", [huge]],
			["tools/call", huge],
			["resources/read", { uri: { huge } }],
			["prompts/get", {}],
			["prompts/get", { name: "start-session", arguments: huge }],
		] as const) {
			const answer = await session.receive(request(params[0], params[1]));
			expect(answer?.error?.code).toBe(-32602);
			expect(JSON.stringify(answer).length).toBeLessThan(120);
		}
		for (const params of [
			{ clientInfo: { name: "x" } },
			{ protocolVersion: 2025, clientInfo: { name: "x" } },
			{ protocolVersion: LATEST_PROTOCOL_VERSION },
			{ protocolVersion: LATEST_PROTOCOL_VERSION, clientInfo: { name: 1 } },
			{ protocolVersion: LATEST_PROTOCOL_VERSION, clientInfo: { name: "x" }, capabilities: huge },
		]) {
			const fresh = openProtocolSession(() => fakeSurface());
			const answer = await fresh.receive(request("initialize", params));
			expect(answer?.error?.code).toBe(-32602);
			expect(fresh.protocolVersion).toBeNull();
		}
	});

	it("answers a surface that throws with a bare -32603: no detail leaves", async () => {
		const secret = "EACCES: /home/someone/vault/Private/diary.md";
		const throwing = fakeSurface({
			callTool: async () => {
				throw new Error(secret);
			},
			listResources: () => {
				throw new Error(secret);
			},
		});
		const session = await initialized(throwing);
		for (const message of [request("tools/call", { name: "echo", arguments: {} }), request("resources/list")]) {
			const answer = await session.receive(message);
			expect(answer).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error" } });
		}
		const failing = openProtocolSession(() => {
			throw new Error(secret);
		});
		const answer = await failing.receive(initialize());
		expect(answer).toEqual({ jsonrpc: "2.0", id: 0, error: { code: -32603, message: "Internal error" } });
		expect(failing.protocolVersion).toBeNull();
	});
});
