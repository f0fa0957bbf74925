import type { AuditActor } from "../../core/audit/record";
import { visibleFolders } from "../../core/organize/organizeVault";
import { inferTaxonomy } from "../../core/organize/taxonomy";
import { vaultMap } from "../../core/organize/vaultMap";
import { writeVaultMap } from "../../core/organize/vaultMapText";
import type { WriteOutcome } from "../../core/vault/auditedWriter";
import { t } from "../../i18n";
import type { CommandContext } from "../commandContext";

/** Rebuilds the vault map note; writes nothing when its table is unchanged. */
export async function refreshVaultMap(context: CommandContext, actor: AuditActor): Promise<WriteOutcome> {
	const summaries = await vaultMap(context.organize, inferTaxonomy(context.organize));
	return writeVaultMap(context.memory, context.workspace.layout, summaries, t, actor);
}

/** The vault's folders as the map sees them, in one string: when it changes, the map is out of date. */
export function folderSignature(context: CommandContext): string {
	return visibleFolders(context.organize).sort().join("\n");
}
