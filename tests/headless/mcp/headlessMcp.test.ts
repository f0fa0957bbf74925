import { mkdirSync, renameSync, rmSync } from "node:fs";
import { openHeadlessMcp } from "../../../headless/mcp/headlessMcp";
import { join } from "node:path";
import { runTool } from "../../../src/core/agent/tools";
import { defaultPluginData } from "../../../src/core/workspace/data/pluginData";
import { auditRecords, connect, connectSession, mcpVault, NOW, SECRET, textOf, type Connected } from "./mcpVault";
import type { TempVault } from "../tempVault";

const READ_TOOLS = ["memory_search", "memory_get", "memory_recent", "memory_history"];
const WRITE_TOOLS = ["memory_append", "capture_note", "checkpoint", "note_annotate"];

describe("the headless MCP server over its stdio loop, with the official SDK client", () => {
	let vault: TempVault;
	let connected: Connected | null = null;
	beforeEach(() => {
		vault = mcpVault();
	});
	afterEach(async () => {
		await connected?.close();
		connected = null;
		vault.remove();
	});

	it("gives an image or a PDF memory_get reads as MCP content, and never one only a hidden note embeds", async () => {
		const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
		const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Page >> endobj\n");
		vault.put("Files/map.png", png).put("Files/paper.pdf", pdf).put("Files/xray.png", png);
		vault.put("Private/scan.md", "![[xray.png]]\n");
		connected = await connect(vault);
		const image = await connected.client.callTool({ name: "memory_get", arguments: { path: "Files/map.png" } });
		expect(image.isError).toBe(false);
		expect((image.content as { type: string }[])[1]).toEqual({
			type: "image",
			data: Buffer.from(png).toString("base64"),
			mimeType: "image/png",
		});
		const paper = await connected.client.callTool({ name: "memory_get", arguments: { path: "Files/paper.pdf" } });
		expect((paper.content as { type: string }[])[1]).toEqual({
			type: "resource",
			resource: {
				uri: "workspace://file/Files/paper.pdf",
				mimeType: "application/pdf",
				blob: Buffer.from(pdf).toString("base64"),
			},
		});
		const hidden = await connected.client.callTool({ name: "memory_get", arguments: { path: "Files/xray.png" } });
		expect(hidden.isError).toBe(true);
		expect(hidden.content).toHaveLength(1);
	});

	it("lists the four read tools read-only, and the eight with writes allowed, with the chat's schemas", async () => {
		connected = await connect(vault);
		const listed = (await connected.client.listTools()).tools;
		expect(listed.map((tool) => tool.name)).toEqual(READ_TOOLS);
		const surface = connected.served.memory;
		expect(surface).toBeDefined();
		await connected.close();
		connected = await connect(vault, { allowWrites: true });
		const all = (await connected.client.listTools()).tools;
		expect(all.map((tool) => tool.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
		expect(all.every((tool) => tool.inputSchema.type === "object" && tool.description !== undefined)).toBe(true);
		expect(all.map((tool) => tool.annotations?.readOnlyHint)).toEqual([
			true,
			true,
			true,
			true,
			false,
			false,
			false,
			false,
		]);
	});

	it("answers memory_search and memory_get as the chat's tools do", async () => {
		connected = await connect(vault);
		const { client, served } = connected;
		for (const [name, args] of [
			["memory_search", { query: "zebra" }],
			["memory_get", { path: "Notes/public.md" }],
			["memory_get", { path: "Notes/absent.md" }],
		] as const) {
			const chat = await runTool(name, args, served.memory.deps);
			const answer = await client.callTool({ name, arguments: args });
			expect({ text: textOf(answer), isError: answer.isError }).toEqual({ text: chat.text, isError: chat.isError });
		}
	});

	it("never returns a hidden note (private folder, private tag, assistant: private) from any tool, resource or prompt", async () => {
		connected = await connect(vault, { allowWrites: true });
		const { client } = connected;
		const texts: string[] = [];
		for (const args of [
			{ name: "memory_search", arguments: { query: "zebra", limit: 20 } },
			{ name: "memory_search", arguments: { query: SECRET } },
			{ name: "memory_get", arguments: { path: "Notes/flagged.md" } },
			{ name: "memory_get", arguments: { path: "Notes/tagged.md" } },
			{ name: "memory_get", arguments: { path: "Private/diary.md" } },
			{ name: "memory_get", arguments: { path: "[[diary]]" } },
			{ name: "memory_get", arguments: { path: "Notes/../Private/diary.md" } },
			{ name: "memory_recent", arguments: {} },
			{ name: "memory_history", arguments: {} },
			{ name: "note_annotate", arguments: { path: "Private/diary.md", text: "Seen." } },
		])
			texts.push(textOf(await client.callTool(args)));
		for (const resource of (await client.listResources()).resources) {
			const read = await client.readResource({ uri: resource.uri });
			texts.push(...read.contents.map((content) => ("text" in content ? content.text : "")));
		}
		const prompt = await client.getPrompt({ name: "start-session" });
		const promptText = prompt.messages.map((message) => (message.content.type === "text" ? message.content.text : ""));
		texts.push(...promptText);
		// The checkpoint's link to the hidden diary is withheld; its link to a public note stays.
		expect(promptText.join("\n")).not.toContain("[[diary]]");
		expect(promptText.join("\n")).toContain("[[public]]");
		expect(texts[0]).toMatch(/^1\. Notes\/public\.md:/m);
		expect(texts.join("\n")).toContain("Likes zebras.");
		expect(texts.join("\n")).toContain("Draft the methods section");
		for (const text of texts) expect(text).not.toContain(SECRET);
	});

	it("knows no resource but those it lists: a URI with .. or another scheme is refused", async () => {
		connected = await connect(vault);
		const { client } = connected;
		expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([
			"workspace://identity/soul",
			"workspace://identity/user",
			"workspace://identity/claude",
			"workspace://memory/hot",
		]);
		for (const uri of [
			"workspace://identity/../../Private/diary.md",
			"workspace://identity/soul/../../../Private/diary",
			"file:///etc/passwd",
			`workspace://${"x".repeat(10_000)}`,
		])
			await expect(client.readResource({ uri })).rejects.toThrow(/No such resource/);
		await expect(client.getPrompt({ name: "other" })).rejects.toThrow(/No such prompt/);
	});

	it("refuses writes unless allowed, and writes nothing", async () => {
		connected = await connect(vault);
		const before = vault.filesOnDisk();
		for (const name of WRITE_TOOLS) {
			const answer = await connected.client.callTool({
				name,
				arguments: { target: "daily", text: "x", doing: "x", next_action: "y", title: "t", path: "Notes/public.md" },
			});
			expect(answer.isError).toBe(true);
			expect(textOf(answer)).toMatch(/^Error: there is no tool named/);
		}
		expect(vault.filesOnDisk()).toEqual(before);
		expect(auditRecords(vault)).toEqual([]);
	});

	it("writes when allowed, audited as mcp:<client>, the client's name sanitized and bounded", async () => {
		connected = await connect(vault, { allowWrites: true }, "claude-code");
		const appended = await connected.client.callTool({
			name: "memory_append",
			arguments: { target: "daily", text: "Met Dr. Lin." },
		});
		expect(appended.isError).toBe(false);
		await connected.close();
		connected = await connect(vault, { allowWrites: true }, `evil\n{"actor":"user"}${"x".repeat(10_000)}`);
		const checkpoint = await connected.client.callTool({
			name: "checkpoint",
			arguments: { doing: "Reading", next_action: "Write" },
		});
		expect(checkpoint.isError).toBe(false);
		const actors = auditRecords(vault).map((record) => record.actor);
		expect(actors).toEqual(["mcp:claude-code", `mcp:evil-actor-user-${"x".repeat(64 - "evil-actor-user-".length)}`]);
	});

	it("finds what a client wrote in its next search: the index follows the server's own writes", async () => {
		connected = await connect(vault, { allowWrites: true });
		const { client } = connected;
		expect(textOf(await client.callTool({ name: "memory_search", arguments: { query: "wombat" } }))).not.toContain(
			"wombat",
		);
		await client.callTool({ name: "memory_append", arguments: { target: "daily", text: "Saw a wombat." } });
		const found = textOf(await client.callTool({ name: "memory_search", arguments: { query: "wombat" } }));
		expect(found).toMatch(/memory\/daily\/2026-03-15\.md:\d+ /);
	});

	it("finds a note another process (Obsidian) wrote while it runs, and forgets one deleted, hidden notes still hidden", async () => {
		connected = await connect(vault, { rescanMs: 0 });
		const { client } = connected;
		const search = async (query: string) =>
			textOf(await client.callTool({ name: "memory_search", arguments: { query, limit: 20 } }));
		expect(await search("platypus")).not.toContain("platypus");
		vault.put("Notes/later.md", "# Later\nA platypus at the river.\n");
		vault.put("Private/later.md", `A platypus ${SECRET}\n`);
		const found = await search("platypus");
		expect(found).toContain("Notes/later.md");
		expect(found).not.toContain(SECRET);
		rmSync(join(vault.root, "Notes/later.md"));
		expect(await search("platypus")).not.toContain("Notes/later.md");
	});

	it("hides a folder the user makes private in Obsidian while it runs, at the next call", async () => {
		connected = await connect(vault, { rescanMs: 0 });
		const { client } = connected;
		const search = async () =>
			textOf(await client.callTool({ name: "memory_search", arguments: { query: "zebra", limit: 20 } }));
		expect(await search()).toContain("Notes/public.md");
		const data = defaultPluginData();
		vault.put(
			".obsidian/plugins/assistant-workspace/data.json",
			JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders: ["Notes"], excludedTags: [] } }),
		);
		expect(await search()).not.toContain("Notes/public.md");
		const read = await client.callTool({ name: "memory_get", arguments: { path: "Notes/public.md" } });
		expect(read.isError).toBe(true);
		// What was private at start stays private, though the new settings no longer name it.
		expect(
			textOf(await client.callTool({ name: "memory_get", arguments: { path: "Private/diary.md" } })),
		).not.toContain(SECRET);
		vault.put(".obsidian/plugins/assistant-workspace/data.json", "{ damaged");
		expect(await search()).not.toContain("Notes/public.md");
	});

	it("hides a folder made private at the very next call, though the folder is listed again only every few seconds", async () => {
		// Reading the settings costs a small file; only the walk of the folder is worth sparing.
		connected = await connect(vault);
		const search = async () =>
			textOf(await connected!.client.callTool({ name: "memory_search", arguments: { query: "zebra", limit: 20 } }));
		expect(await search()).toContain("Notes/public.md");
		const data = defaultPluginData();
		vault.put(
			".obsidian/plugins/assistant-workspace/data.json",
			JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders: ["Notes"], excludedTags: [] } }),
		);
		expect(await search()).not.toContain("Notes/public.md");
	});

	it("refuses a vault whose settings are in another configuration folder than .obsidian, rather than serve it without its private folders", async () => {
		// Obsidian lets a device keep its settings in a folder of another name; read from
		// `.obsidian`, that vault would have no private folders at all.
		const moved = join(vault.root, ".obsidian-laptop/plugins/assistant-workspace");
		mkdirSync(moved, { recursive: true });
		renameSync(join(vault.root, ".obsidian/plugins/assistant-workspace/data.json"), join(moved, "data.json"));
		await expect(openHeadlessMcp(vault.root, { allowWrites: false, now: NOW })).rejects.toThrow(/\.obsidian-laptop/);
	});

	it("opens the next session with the checkpoint a client saved", async () => {
		connected = await connect(vault, { allowWrites: true });
		const saved = await connected.client.callTool({
			name: "checkpoint",
			arguments: { doing: "Counting wombats", next_action: "Count the burrows" },
		});
		expect(saved.isError).toBe(false);
		const next = await connectSession(connected.served.openSurface, "next");
		const prompt = await next.client.getPrompt({ name: "start-session" });
		const text = prompt.messages
			.map((message) => (message.content.type === "text" ? message.content.text : ""))
			.join("");
		expect(text).toContain("Doing: Counting wombats");
		expect(text).toContain("Next: Count the burrows");
		await next.close();
	});

	it("bounds a client that floods calls, with a clear error, and counts each session apart", async () => {
		const limits = { windowMs: 60_000, calls: 5, writes: 2, notesCreated: 1 };
		connected = await connect(vault, { allowWrites: true, limits });
		const answers = await Promise.all(
			Array.from({ length: 50 }, () =>
				connected!.client.callTool({ name: "memory_search", arguments: { query: "zebra" } }),
			),
		);
		expect(answers.filter((answer) => answer.isError !== true)).toHaveLength(5);
		expect(textOf(answers[49])).toMatch(/^Error: too many calls: this workspace takes at most 5 calls in 60 seconds/);
		await expect(connected.client.readResource({ uri: "workspace://identity/soul" })).rejects.toThrow(/too many calls/);
		await connected.close();
		connected = await connect(vault, { allowWrites: true, limits });
		expect((await connected.client.callTool({ name: "memory_search", arguments: { query: "zebra" } })).isError).toBe(
			false,
		);
	});

	it("bounds a client that opens a new session for every call: the host counts all its sessions together", async () => {
		// Over HTTP a session costs one request: a budget per session alone would let a client in a
		// loop reconnect before each write and never be refused.
		const limits = { windowMs: 60_000, calls: 5, writes: 2, notesCreated: 1 };
		const hostLimits = { windowMs: 60_000, calls: 20, writes: 3, notesCreated: 2 };
		connected = await connect(vault, { allowWrites: true, limits, hostLimits });
		const answers = [];
		for (let i = 0; i < 6; i++) {
			const session = await connectSession(connected.served.openSurface, `loop${i}`);
			answers.push(
				await session.client.callTool({
					name: "memory_append",
					arguments: { target: "daily", text: `entry ${i}` },
				}),
			);
			await session.close();
		}
		expect(answers.filter((answer) => answer.isError !== true)).toHaveLength(3);
		expect(textOf(answers[5])).toMatch(
			/^Error: too many calls: this workspace takes at most 3 writes in 60 seconds from all its clients together/,
		);
		expect(auditRecords(vault)).toHaveLength(3);
	});

	it("refuses a call with huge arguments before running it", async () => {
		connected = await connect(vault, { allowWrites: true });
		const answer = await connected.client.callTool({
			name: "memory_append",
			arguments: { target: "daily", text: "a".repeat(200_000) },
		});
		expect(answer.isError).toBe(true);
		expect(textOf(answer)).toMatch(/larger than 65536 characters; nothing was done/);
		expect(auditRecords(vault)).toEqual([]);
	});
});
