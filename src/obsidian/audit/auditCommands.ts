import type { Command, Plugin } from "obsidian";
import { t } from "../../i18n";
import type { CommandDeps } from "../commandContext";
import { AUDIT_VIEW_TYPE, AuditView } from "./auditView";

/** Registers the changes view, and returns its command: it opens the view in a tab, or shows it again, read afresh. */
export function registerAuditView(deps: CommandDeps): Command[] {
	const plugin = deps.plugin;
	plugin.registerView(AUDIT_VIEW_TYPE, (leaf) => new AuditView(leaf, deps));
	return [
		{
			id: "show-assistant-changes",
			name: t("command.show-assistant-changes"),
			callback: () => void showChanges(plugin),
		},
	];
}

async function showChanges(plugin: Plugin): Promise<AuditView | null> {
	const workspace = plugin.app.workspace;
	const open = workspace.getLeavesOfType(AUDIT_VIEW_TYPE)[0];
	const leaf = open ?? workspace.getLeaf("tab");
	if (open === undefined) await leaf.setViewState({ type: AUDIT_VIEW_TYPE, active: true });
	await workspace.revealLeaf(leaf);
	if (!(leaf.view instanceof AuditView)) return null;
	if (open !== undefined) await leaf.view.reload();
	return leaf.view;
}
