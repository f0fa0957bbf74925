import { Platform, type Plugin } from "obsidian";
import type { MemorySearcher } from "../../core/agent/tools";
import { CallBudget, mcpSurface, MCP_HOST_LIMITS } from "../../core/mcp";
import type { Clock, Notifier } from "../../core/ports";
import { MCP_SERVER_SETTINGS } from "../../core/workspace/data/mcpServerGuard";
import type { Settings } from "../../core/workspace/data/settings";
import type { HttpMcpServer } from "../../desktop/mcpHttpServer";
import { t } from "../../i18n";
import type { SettingsStore } from "../settingsStore";
import { mcpProblemText, type McpServerProblem, type McpServerStatus } from "./mcpServerStatus";
import { McpToken } from "./mcpToken";
import { liveMcpWorld } from "./mcpWorld";

/** What the server runs with; a change of any of them starts it again. */
interface ServerConfig {
	readonly port: number;
	readonly allowWrites: boolean;
	readonly token: string;
}

export interface McpServerControllerDeps {
	readonly plugin: Plugin;
	readonly settingsStore: SettingsStore;
	readonly index: MemorySearcher;
	readonly clock: Clock;
	/** Where a server that failed to start is told of (a notice). */
	readonly notifier: Notifier;
}

/** The settings whose change starts, stops or restarts the server: its own. */
const SERVER_SETTINGS: readonly (keyof Settings)[] = MCP_SERVER_SETTINGS;

/**
 * The plugin's MCP server, desktop only: started once the layout is ready when the settings turn
 * it on, stopped when they turn it off and when the plugin unloads, started again when its port,
 * its writes or its token change. The server's module (Node's `http`) is loaded through `import()`
 * the first time it starts, and only on desktop: a phone never evaluates it. Changes are applied
 * one after the other, so that a quick off and on cannot leave two servers on one port. A failure
 * is a status and a notice, never an error thrown into Obsidian.
 */
export class McpServerController {
	private statusNow: McpServerStatus = { kind: "off" };
	private readonly listeners = new Set<() => void>();
	private running: { readonly server: HttpMcpServer; readonly config: ServerConfig } | null = null;
	private queue: Promise<void> = Promise.resolve();
	private started = false;
	readonly token: McpToken;

	constructor(private readonly deps: McpServerControllerDeps) {
		const { plugin, settingsStore } = deps;
		this.token = new McpToken(plugin.app, () => settingsStore.settings.mcpServerTokenSecret);
		plugin.register(
			settingsStore.onChange((changed) => {
				const server = changed.settings.some((field) => SERVER_SETTINGS.includes(field));
				if (server || changed.state.includes("privacyReviewNeeded")) void this.apply();
			}),
		);
		plugin.register(() => void this.stop());
	}

	get status(): McpServerStatus {
		return this.statusNow;
	}

	/** Calls `listener` after each change of the status; returns what stops it. */
	onStatus(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Once the layout is ready (the index it serves follows the vault from then on). */
	start(): void {
		this.started = true;
		void this.apply();
	}

	/** Stops the server, if it runs; the port is free when the promise settles. */
	stop(): Promise<void> {
		this.started = false;
		return this.apply();
	}

	/**
	 * A new token, for the server to start again with: a client that has the old one is refused
	 * from now on and must be given the new one.
	 */
	regenerateToken(): Promise<void> {
		this.token.regenerate();
		return this.apply();
	}

	/** Brings the server to what the settings say, after every change asked before. */
	private apply(): Promise<void> {
		this.queue = this.queue.then(() => this.reconcile()).catch(logServerError);
		return this.queue;
	}

	private async reconcile(): Promise<void> {
		const { settingsStore } = this.deps;
		const settings = settingsStore.settings;
		const wanted = this.started && settings.mcpServerEnabled;
		// A phone never loads the server's module; its settings say the server is for desktop.
		if (!Platform.isDesktopApp) return this.settle({ kind: "off" });
		if (!wanted) {
			await this.close();
			return this.settle({ kind: "off" });
		}
		const port = settings.mcpServerPort;
		if (settingsStore.state.privacyReviewNeeded) {
			await this.close();
			return this.settle({ kind: "failed", problem: "privacy-review", port });
		}
		const config: ServerConfig = { port, allowWrites: settings.mcpServerAllowWrites, token: this.token.ensure() };
		if (this.running !== null && sameConfig(this.running.config, config)) return;
		await this.close();
		this.settle({ kind: "starting" });
		const opened = await this.open(config);
		if (typeof opened === "string") {
			const failure = { kind: "failed", problem: opened, port } as const;
			this.settle(failure);
			return this.deps.notifier.notify(
				t("settings.mcp.failed-notice", { reason: mcpProblemText(failure.problem, failure.port) }),
			);
		}
		this.running = { server: opened, config };
		this.settle({ kind: "listening", url: opened.url, writes: config.allowWrites });
	}

	/** The server listening, or why it is not. */
	private async open(config: ServerConfig): Promise<HttpMcpServer | McpServerProblem> {
		const { settingsStore, plugin, index, clock } = this.deps;
		let desktop: typeof import("../../desktop/mcpHttpServer");
		try {
			desktop = await import("../../desktop/mcpHttpServer");
		} catch (error) {
			logServerError(error);
			return "unavailable";
		}
		try {
			const world = await liveMcpWorld({ app: plugin.app, settingsStore, index, clock }, config.allowWrites);
			// One for the whole server: a client that opens a new session for every call meets it all the same.
			const hostBudget = new CallBudget(() => clock.now().getTime(), MCP_HOST_LIMITS, "host");
			return await desktop.serveMcpHttp((clientName) => mcpSurface(world, { clientName, hostBudget }), {
				port: config.port,
				token: config.token,
				// A token removed or replaced outside the plugin opens nothing more: refused, and the
				// server starts again with the token stored now (a new one, if it was removed).
				tokenCurrent: () => {
					if (this.token.current() === config.token) return true;
					void this.apply();
					return false;
				},
			});
		} catch (error) {
			if (error instanceof desktop.HttpSetupError) return error.problem;
			logServerError(error);
			return "failed";
		}
	}

	private async close(): Promise<void> {
		const running = this.running;
		if (running === null) return;
		this.running = null;
		await running.server.close();
	}

	private settle(status: McpServerStatus): void {
		this.statusNow = status;
		for (const listener of this.listeners) listener();
	}
}

function sameConfig(a: ServerConfig, b: ServerConfig): boolean {
	return a.port === b.port && a.allowWrites === b.allowWrites && a.token === b.token;
}

/** What went wrong past what the status says goes to the developer console, for a bug report. */
function logServerError(error: unknown): void {
	console.warn("Assistant workspace: MCP server", error);
}
