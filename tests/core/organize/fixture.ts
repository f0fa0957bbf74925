import type { OrganizeVault } from "../../../src/core/organize/organizeVault";
import { verifiedNotesChangedByMove } from "../../../src/core/organize/verifiedNotes";
import { layoutFor } from "../../../src/core/workspace/layout";
import { memoryFixture, type MemoryFixture } from "../memory/fixture";

export interface OrganizeFixture extends MemoryFixture {
	readonly organize: OrganizeVault;
}

/** A vault of `files` with the assistant at the root, as organizing sees it, and an audited writer over it. */
export function organizeFixture(
	files: Record<string, string>,
	options: { folders?: string[]; templatesFolder?: string; dailyNotesFolder?: string; excludedFolders?: string[] } = {},
): OrganizeFixture {
	const fixture = memoryFixture(files, "2026-11-28T10:00:00.000Z", options.excludedFolders ?? []);
	for (const folder of options.folders ?? []) void fixture.vault.ensureFolder(folder);
	const layout = layoutFor("");
	return {
		...fixture,
		organize: {
			view: fixture.deps.vault,
			verifiedChangedByMove: (path) =>
				verifiedNotesChangedByMove(
					{ store: fixture.vault, metadata: fixture.vault },
					(note) => fixture.deps.vault.hiddenReason(note) !== null,
					path,
				),
			layout,
			templatesFolder: options.templatesFolder ?? null,
			dailyNotesFolder: options.dailyNotesFolder ?? null,
		},
	};
}
