import type { VaultView } from "../vault/vaultView";
import { findIdentityFiles, IDENTITY_ROLES, type IdentityRole } from "../workspace/identity";
import type { WorkspaceLayout } from "../workspace/layout";
import type { ExistingFile, ExistingFiles } from "./plan";

/** The identity files the workspace uses now (under any alias or spelling) and their content. */
export async function readExistingFiles(store: VaultView, layout: WorkspaceLayout): Promise<ExistingFiles> {
	const paths = findIdentityFiles(store, layout);
	const entries = await Promise.all(
		IDENTITY_ROLES.map(async (role): Promise<[IdentityRole, ExistingFile | null]> => {
			const path = paths[role];
			return [role, path === null ? null : { path, content: await store.read(path) }];
		}),
	);
	return Object.fromEntries(entries) as Record<IdentityRole, ExistingFile | null>;
}
