/**
 * The command line prints what a model wrote, and a model repeats what it read: a note can make
 * it answer with escape sequences that a terminal obeys, writing the clipboard (OSC 52), clearing
 * the screen or rewriting what was printed above. On a terminal the command line now prints the
 * text without them; into a pipe, as with `--json`, the bytes stay the model's.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { guardTerminal } from "../../scripts/lib/terminalText";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { copyOfExampleVault, spawnCli } from "../scripts/runCli";

jest.setTimeout(60_000);

const ROOT = resolve(__dirname, "..", "..");
const NOW = ["--now", "2026-11-28T10:00:00Z"];
/** A clipboard write, a screen clear with the cursor sent home, the same clear in its 8-bit form, a reset. */
const HOSTILE = "Lyon opens at nine.\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07\x1b[2J\x1b[H Done\x9b2J.\x1bc\tOK\x00\x07";
const SEEN = "Lyon opens at nine. Done.\tOK";

const fake = useFakeAnthropic();
let vault: string;
beforeEach(() => (vault = copyOfExampleVault()));
afterEach(() => rmSync(vault, { recursive: true, force: true }));

function quoted(word: string): string {
	return `'${word.replace(/'/g, "'\\''")}'`;
}

/** `chat` run on a pseudo-terminal, as a person at a shell runs it (`script` gives it one); what the terminal received. */
function chatOnTerminal(args: readonly string[]): Promise<string> {
	const command = [join(ROOT, "node_modules", ".bin", "tsx"), join(ROOT, "scripts", "cli.ts"), "chat", ...args]
		.map(quoted)
		.join(" ");
	const { ANTHROPIC_API_KEY: _key, ANTHROPIC_BASE_URL: _host, ...inherited } = process.env;
	const child = spawn("script", ["-qec", command, "/dev/null"], {
		cwd: ROOT,
		env: { ...inherited, TZ: "UTC", ANTHROPIC_API_KEY: "test" },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let received = "";
	child.stdout.setEncoding("utf8").on("data", (text: string) => (received += text));
	return new Promise((resolvePromise, reject) => {
		child.on("error", reject);
		child.on("close", () => resolvePromise(received));
	});
}

describe("model output with terminal escape sequences", () => {
	it("reaches a terminal without them, its words and tabs kept, even streamed in pieces that cut them", async () => {
		fake().enqueue(textReply(HOSTILE, { chunkSize: 5 }));
		const received = await chatOnTerminal(["Say hi", "--vault", vault, "--base-url", fake().baseURL, ...NOW]);
		// The terminal's own line ending is \r\n; nothing else of control is left.
		const text = received.replace(/\r\n/g, "\n");
		expect(text).toContain(`${SEEN}\n`);
		expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
	});

	it("goes into a pipe as the model wrote it, and into --json escaped", async () => {
		fake().enqueue(textReply(HOSTILE));
		const run = await spawnCli(["chat", "Say hi", "--vault", vault, "--base-url", fake().baseURL, ...NOW, "--json"], {
			ANTHROPIC_API_KEY: "test",
		});
		expect(run.code).toBe(0);
		expect(run.stdout.startsWith(`${HOSTILE}\n`)).toBe(true);
		const lines = run.stdout.trimEnd().split("\n");
		expect((JSON.parse(lines[lines.length - 1]) as { text: string }).text).toBe(HOSTILE);
	});
});

/** A stream that says it is a terminal, as `process.stdout` says on a shell, and keeps what it is given, decoded. */
function terminalStream(): { stream: NodeJS.WriteStream; received: () => string } {
	const chunks: Buffer[] = [];
	const stream = new Writable({
		write(chunk: Buffer, _encoding, done) {
			chunks.push(chunk);
			done();
		},
	}) as unknown as NodeJS.WriteStream;
	stream.isTTY = true;
	return { stream, received: () => Buffer.concat(chunks).toString("utf8") };
}

describe("bytes written to a terminal rather than text", () => {
	it("reach it without their escape sequences, even cut inside a sequence or a character", () => {
		const { stream, received } = terminalStream();
		guardTerminal(stream);
		const bytes = Buffer.from(`${HOSTILE} Café, 東京.\n`, "utf8");
		// Three bytes at a time cuts both the sequences and the characters of two and three bytes.
		for (let at = 0; at < bytes.length; at += 3) stream.write(bytes.subarray(at, at + 3));
		stream.write("and text after them.\n");
		stream.write(Buffer.from("\x1b]0;a title\x07", "utf8").toString("base64"), "base64");
		expect(received()).toBe(`${SEEN} Café, 東京.\nand text after them.\n`);
	});
});
