import {
	errorResponse,
	openProtocolSession,
	PARSE_ERROR,
	type JsonRpcResponse,
	type McpSurface,
} from "../../src/core/mcp";

/**
 * The stdio transport of MCP: one JSON-RPC message a line, requests on stdin, answers on stdout,
 * one protocol session for the process (a client spawns one server per connection).
 */

/**
 * The longest line read. A message is a tool call's arguments at most (64 KiB of them are taken,
 * see `MAX_ARGUMENTS_CHARS`); a line far longer is no honest message, and holding it whole would
 * let a client grow the process without bound.
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

export interface StdioOptions {
	readonly input: NodeJS.ReadableStream;
	/** Carries protocol messages only: a stray line breaks the client's stream. */
	readonly output: NodeJS.WritableStream;
	/** `MAX_LINE_BYTES` unless a test sets a smaller one. */
	readonly maxLineBytes?: number;
}

const NEWLINE = 0x0a;

/**
 * Answers the messages of `input` on `output` until `input` ends; settles once every answer of a
 * request read is written. Requests are answered as they come, not one after the other: a slow
 * call does not hold a ping behind it, which is what a client expects of a server.
 */
export function serveMcpStdio(
	openSurface: (clientName: () => unknown) => McpSurface,
	options: StdioOptions,
): Promise<void> {
	const { input, output } = options;
	const maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
	const session = openProtocolSession(openSurface);
	const answering = new Set<Promise<void>>();

	const send = (response: JsonRpcResponse | null) => {
		if (response !== null) output.write(`${JSON.stringify(response)}\n`);
	};
	const take = (line: string) => {
		if (line.trim() === "") return;
		let message: unknown;
		try {
			message = JSON.parse(line);
		} catch {
			send(errorResponse(null, PARSE_ERROR, "Parse error"));
			return;
		}
		// An output closed under it leaves nobody to answer: the answer is dropped, not thrown.
		const answered = session
			.receive(message)
			.then(send)
			.catch(() => undefined);
		answering.add(answered);
		void answered.finally(() => answering.delete(answered));
	};
	const tooLong = () => send(errorResponse(null, PARSE_ERROR, `Message too long: over ${maxLineBytes} bytes`));

	// The line being read, until its newline comes; `skipping` once it is known too long, until then.
	let held: Buffer[] = [];
	let heldBytes = 0;
	let skipping = false;
	const onData = (chunk: Buffer) => {
		let start = 0;
		for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
			const piece = chunk.subarray(start, end);
			if (!skipping) {
				if (heldBytes + piece.length > maxLineBytes) tooLong();
				else take(Buffer.concat([...held, piece]).toString("utf8"));
			}
			held = [];
			heldBytes = 0;
			skipping = false;
			start = end + 1;
		}
		if (skipping || start === chunk.length) return;
		const rest = chunk.subarray(start);
		if (heldBytes + rest.length > maxLineBytes) {
			tooLong();
			held = [];
			heldBytes = 0;
			skipping = true;
			return;
		}
		held.push(rest);
		heldBytes += rest.length;
	};

	return new Promise((resolve) => {
		const finish = () => {
			input.off("data", onData);
			void Promise.all(answering).then(() => resolve());
		};
		input.on("data", onData);
		input.once("end", finish);
		input.once("error", finish);
	});
}
