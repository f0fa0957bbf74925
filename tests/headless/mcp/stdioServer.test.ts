import { PassThrough } from "node:stream";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { serveMcpStdio } from "../../../headless/mcp/stdioServer";
import type { McpSurface } from "../../../src/core/mcp";
import { fakeSurface } from "../../core/mcp/fakeSurface";
import { connectSession } from "./mcpVault";

const INITIALIZE = JSON.stringify({
	jsonrpc: "2.0",
	id: 1,
	method: "initialize",
	params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "raw", version: "0" } },
});

/** Feeds `chunks` to a stdio loop as they are (a line may span several), and gives every line it wrote. */
async function exchange(
	chunks: readonly (string | Buffer)[],
	{ maxLineBytes, surface = fakeSurface() }: { maxLineBytes?: number; surface?: McpSurface } = {},
): Promise<unknown[]> {
	const input = new PassThrough();
	const output = new PassThrough();
	let written = "";
	output.on("data", (chunk: Buffer) => (written += chunk.toString("utf8")));
	const served = serveMcpStdio(() => surface, {
		input,
		output,
		...(maxLineBytes !== undefined && { maxLineBytes }),
	});
	for (const chunk of chunks) input.write(chunk);
	input.end();
	await served;
	expect(written === "" || written.endsWith("\n")).toBe(true);
	return written
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as unknown);
}

describe("the stdio loop: one JSON-RPC message a line", () => {
	it("serves the official SDK client over its framing", async () => {
		const session = await connectSession(() => fakeSurface(), "sdk");
		try {
			expect((await session.client.listTools()).tools.map((tool) => tool.name)).toEqual(["echo"]);
			const called = await session.client.callTool({ name: "echo", arguments: { text: "hi" } });
			expect(called.content).toEqual([{ type: "text", text: "hi" }]);
		} finally {
			await session.close();
		}
	});

	it("reads a line split across chunks and several lines in one, with CRLF or blank lines between", async () => {
		const call = JSON.stringify({
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: { name: "echo", arguments: { text: "é" } },
		});
		const bytes = Buffer.from(`${INITIALIZE}\r\n\n${call}\n`);
		// Cut inside the two bytes of "é", too: a line is decoded whole, never a chunk at a time.
		const cut = bytes.indexOf(Buffer.from("é")) + 1;
		const answers = await exchange([bytes.subarray(0, 10), bytes.subarray(10, cut), bytes.subarray(cut)]);
		expect(answers).toEqual([
			expect.objectContaining({ id: 1, result: expect.objectContaining({ protocolVersion: LATEST_PROTOCOL_VERSION }) }),
			{ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "é" }], isError: false } },
		]);
	});

	it("answers a line that is not JSON with -32700 and id null, and goes on", async () => {
		const ping = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" });
		const answers = await exchange([`{not json\n${ping}\n`]);
		expect(answers).toEqual([
			{ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } },
			{ jsonrpc: "2.0", id: 3, result: {} },
		]);
	});

	it("refuses a line over the bound without holding it, once, and reads the next line", async () => {
		const ping = JSON.stringify({ jsonrpc: "2.0", id: 4, method: "ping" });
		const long = `{"jsonrpc":"2.0","id":5,"method":"ping","params":{"pad":"${"x".repeat(5000)}"}}`;
		const answers = await exchange([long.slice(0, 3000), long.slice(3000), `\n${ping}\n`], { maxLineBytes: 1024 });
		expect(answers).toEqual([
			{ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Message too long: over 1024 bytes" } },
			{ jsonrpc: "2.0", id: 4, result: {} },
		]);
		// A long line that arrives whole with its newline is refused the same way.
		expect(await exchange([`${long}\n${ping}\n`], { maxLineBytes: 1024 })).toEqual(answers);
	});

	it("answers no notification, and writes the answers of requests still running when its input ends", async () => {
		const call = JSON.stringify({
			jsonrpc: "2.0",
			id: 6,
			method: "tools/call",
			params: { name: "echo", arguments: { text: "late" } },
		});
		const slow = fakeSurface({
			callTool: () => new Promise((resolve) => setTimeout(() => resolve({ text: "late", isError: false }), 100)),
		});
		const answers = await exchange(
			[`${INITIALIZE}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n${call}\n`],
			{ surface: slow },
		);
		expect(answers.map((answer) => (answer as { id: number }).id)).toEqual([1, 6]);
	});
});
