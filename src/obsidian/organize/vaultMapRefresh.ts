import type { AuditActor } from "../../core/audit/record";
import { visibleFolders } from "../../core/organize/organizeVault";
import { inferTaxonomy } from "../../core/organize/taxonomy";
import { vaultMap } from "../../core/organize/vaultMap";
import { writeVaultMap } from "../../core/organize/vaultMapText";
import type { WriteOutcome } from "../../core/vault/auditedWriter";
import { t } from "../../i18n";
import type { CommandVault } from "../commandVault";

/** Rebuilds the vault map note; writes nothing when its table is unchanged. */
export async function refreshVaultMap(vault: CommandVault, actor: AuditActor): Promise<WriteOutcome> {
	const summaries = await vaultMap(vault.organize, inferTaxonomy(vault.organize));
	return writeVaultMap(vault.memory, vault.workspace.layout, summaries, t, actor);
}

/** The vault's folders as the map sees them, in one string: when it changes, the map is out of date. */
export function folderSignature(vault: CommandVault): string {
	return visibleFolders(vault.organize).sort().join("\n");
}
