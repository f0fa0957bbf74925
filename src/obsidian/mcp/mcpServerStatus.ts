import { t, type MessageKey } from "../../i18n";
import type { HttpSetupProblem } from "../../desktop/mcpHttpServer";

/** Why the server is not running though it is turned on. */
export type McpServerProblem =
	| HttpSetupProblem
	/** The privacy settings could not be recovered: nothing is served until the user has checked them. */
	| "privacy-review"
	/** This Obsidian cannot open a server (its window has no Node.js, as in a browser). */
	| "unavailable"
	| "failed";

export type McpServerStatus =
	/** Turned off, or on a phone or tablet, which cannot run the server. */
	| { readonly kind: "off" }
	| { readonly kind: "starting" }
	| { readonly kind: "listening"; readonly url: string; readonly writes: boolean }
	| { readonly kind: "failed"; readonly problem: McpServerProblem; readonly port: number };

/** What the status row says: where the server listens, or why it does not. */
export function mcpStatusText(status: McpServerStatus): string {
	switch (status.kind) {
		case "off":
			return t("settings.mcp.status.off");
		case "starting":
			return t("settings.mcp.status.starting");
		case "listening":
			return t(status.writes ? "settings.mcp.status.listening-writes" : "settings.mcp.status.listening", {
				url: status.url,
			});
		case "failed":
			return t("settings.mcp.status.failed", { reason: mcpProblemText(status.problem, status.port) });
	}
}

const PROBLEM_KEYS: Readonly<Record<McpServerProblem, MessageKey>> = {
	"port-in-use": "settings.mcp.problem.port-in-use",
	"port-invalid": "settings.mcp.problem.port-invalid",
	"token-missing": "settings.mcp.problem.token",
	"token-too-short": "settings.mcp.problem.token",
	"token-too-long": "settings.mcp.problem.token",
	"token-not-printable": "settings.mcp.problem.token",
	"privacy-review": "settings.mcp.problem.privacy-review",
	unavailable: "settings.mcp.problem.unavailable",
	failed: "settings.mcp.problem.failed",
};

/** Why the server is not running, in the user's words. */
export function mcpProblemText(problem: McpServerProblem, port: number): string {
	return t(PROBLEM_KEYS[problem], { port });
}
