import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { SandboxBundles } from "./bundles";
import { REQUEST_URL_PATH, WRITE_HEADER, type SandboxConfig } from "./protocol";
import { proxyRequestUrl, RequestRefused } from "./requestUrlProxy";
import { UnsafePathError } from "../../src/core/vault/unsafePath";
import { PathOutsideVault, PathTaken, VaultFolder } from "./vaultFolder";

export interface SandboxOptions {
	readonly bundles: SandboxBundles;
	/** The folder the page's vault lives in: a copy, since the assistant writes to it. */
	readonly vaultDir: string;
	/** 0 (the default) for any free port. */
	readonly port?: number;
	/** Where the plugin's model requests go instead of Anthropic's API: the fake server of the tests. */
	readonly anthropicBaseURL?: string;
	/** Obsidian's interface language in the page (`en` by default). */
	readonly language?: string;
	/** The moment the plugin's clock starts from, ISO 8601 (the real time by default). */
	readonly now?: string;
	/** Secrets stored in the page's secret storage before the plugin loads, by name (tests only: sent to the page in clear). */
	readonly secrets?: Readonly<Record<string, string>>;
}

export interface Sandbox {
	readonly url: string;
	readonly vault: VaultFolder;
	close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const PAGE = readFileSync(join(__dirname, "..", "page", "index.html"), "utf8");

/**
 * The sandbox's server, on 127.0.0.1 only: the page, the plugin's and the shell's bundles, and
 * the vault API over the folder on disk (`/api/vault` lists it, `/api/file` reads, writes and
 * deletes, `/api/append` appends to a log, `/api/folder` makes a folder, `/api/rename` moves),
 * and the plugin's `requestUrl` to this machine's servers (`/api/request-url`).
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
	if (options.now !== undefined && Number.isNaN(Date.parse(options.now)))
		throw new Error(`Not a moment: ${options.now}`);
	const vault = await VaultFolder.open(options.vaultDir);
	const { plugin, shell } = options.bundles;
	const config: SandboxConfig = {
		anthropicBaseURL: options.anthropicBaseURL ?? null,
		language: options.language ?? "en",
		now: options.now ?? null,
		secrets: options.secrets ?? {},
		configDir: vault.configDir,
		manifest: JSON.parse(plugin.manifest) as SandboxConfig["manifest"],
	};
	const assets: Record<string, readonly [type: string, body: string]> = {
		"/": ["text/html; charset=utf-8", PAGE],
		"/shell.js": ["text/javascript; charset=utf-8", shell.script],
		"/shell.css": ["text/css; charset=utf-8", shell.styles],
		"/plugin/main.js": ["text/javascript; charset=utf-8", plugin.main],
		"/plugin/styles.css": ["text/css; charset=utf-8", plugin.styles],
		"/api/config": ["application/json", JSON.stringify(config)],
		// The page has no icon; an empty answer keeps the browser's console free of a 404.
		"/favicon.ico": ["image/x-icon", ""],
	};
	const server = createServer((request, response) => {
		answer(request, response, assets, vault).catch((error: unknown) => {
			const status =
				error instanceof PathOutsideVault || error instanceof UnsafePathError
					? 400
					: error instanceof PathTaken
						? 409
						: 500;
			if (!response.headersSent)
				send(response, status, "text/plain; charset=utf-8", error instanceof Error ? error.message : String(error));
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, "127.0.0.1", resolve);
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/`,
		vault,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

async function answer(
	request: IncomingMessage,
	response: ServerResponse,
	assets: Record<string, readonly [string, string]>,
	vault: VaultFolder,
): Promise<void> {
	const url = new URL(request.url ?? "/", "http://127.0.0.1");
	// Only pages of this server: a site the browser also has open reaches 127.0.0.1 by another name, if at all.
	if (!/^(127\.0\.0\.1|localhost):\d+$/.test(request.headers.host ?? ""))
		return send(response, 403, "text/plain", "Forbidden host");
	const asset = assets[url.pathname];
	if (request.method === "GET" && asset !== undefined) return send(response, 200, asset[0], asset[1]);
	if (request.method === "GET" && url.pathname === "/api/vault")
		return send(response, 200, "application/json", JSON.stringify(await vault.list()));
	if (!url.pathname.startsWith("/api/")) return send(response, 404, "text/plain", "Not found");
	const path = url.searchParams.get("path") ?? "";
	if (request.method === "GET" && url.pathname === "/api/file")
		return send(response, 200, "text/plain; charset=utf-8", await vault.read(path));
	if (request.headers[WRITE_HEADER] !== "1") return send(response, 403, "text/plain", "Missing the sandbox header");
	if (request.method === "POST" && url.pathname === REQUEST_URL_PATH) return answerRequestUrl(request, response);
	if (request.method === "PUT" && url.pathname === "/api/file") await vault.write(path, await readBody(request));
	else if (request.method === "POST" && url.pathname === "/api/append")
		await vault.append(path, await readBody(request));
	else if (request.method === "DELETE" && url.pathname === "/api/file") await vault.remove(path);
	else if (request.method === "POST" && url.pathname === "/api/folder") await vault.mkdir(path);
	else if (request.method === "POST" && url.pathname === "/api/rename")
		await vault.rename(url.searchParams.get("from") ?? "", url.searchParams.get("to") ?? "");
	else return send(response, 404, "text/plain", "Not found");
	send(response, 204, "text/plain", "");
}

/** The page's `requestUrl`, made here: its answer, 403 for an address it may not reach, 502 when nothing answers. */
async function answerRequestUrl(request: IncomingMessage, response: ServerResponse): Promise<void> {
	try {
		send(response, 200, "application/json", JSON.stringify(await proxyRequestUrl(await readBody(request))));
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		send(response, error instanceof RequestRefused ? 403 : 502, "text/plain; charset=utf-8", message);
	}
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
	response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
	response.end(body);
}

async function readBody(request: IncomingMessage): Promise<string> {
	const parts: Buffer[] = [];
	let size = 0;
	for await (const part of request) {
		size += (part as Buffer).length;
		if (size > MAX_BODY_BYTES) throw new Error("Body too large");
		parts.push(part as Buffer);
	}
	return Buffer.concat(parts).toString("utf8");
}
