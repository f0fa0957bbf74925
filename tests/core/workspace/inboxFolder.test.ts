import { AssistantWorkspace } from "../../../src/core/assistantWorkspace";
import { captureToInbox } from "../../../src/core/memory/capture";
import { captureSelection } from "../../../src/core/memory/captureSelection";
import { folderForRole, inferTaxonomy } from "../../../src/core/organize/taxonomy";
import { ContainmentError } from "../../../src/core/vault/containment";
import { defaultSettings, type Settings } from "../../../src/core/workspace/data/settings";
import { layoutFor } from "../../../src/core/workspace/layout";
import { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";
import { memoryFixture } from "../memory/fixture";
import { viewOf } from "../../harness/viewOf";

const NOW = "2026-03-15T12:00:00.000Z";

/** The workspace as the plugin and the command line build it, over a vault of `files`, with `settings`. */
function workspaceWith(files: Record<string, string>, settings: Partial<Settings>) {
	const fixture = memoryFixture(files, NOW);
	const workspace = new AssistantWorkspace({
		store: fixture.vault,
		metadata: fixture.vault,
		auditFile: new MemoryLogFile(),
		clock: fixture.deps.clock,
		settings: { ...defaultSettings(), ...settings },
	});
	return { ...fixture, workspace };
}

describe("the inbox folder setting", () => {
	it("is the assistant folder's Inbox when empty, and the folder the user named otherwise", () => {
		expect(layoutFor("").inboxFolder).toBe("Inbox");
		expect(layoutFor("Assistant").inboxFolder).toBe("Assistant/Inbox");
		expect(layoutFor("Assistant", "").inboxFolder).toBe("Assistant/Inbox");
		expect(layoutFor("Assistant", "/").inboxFolder).toBe("Assistant/Inbox");
		// Vault-relative, whatever the assistant folder.
		expect(layoutFor("Assistant", " 00 Inbox/ ").inboxFolder).toBe("00 Inbox");
		expect(layoutFor("Assistant", "收件箱").inboxFolder).toBe("收件箱");
	});

	it("is where a capture lands, and a selection capture too", async () => {
		const { workspace, deps, snapshot } = workspaceWith(
			{ "Projects/Thesis.md": "# Thesis\n\nLyon opens at nine.\n" },
			{ assistantFolder: "Assistant", inboxFolder: "00 Inbox" },
		);
		const note = await captureToInbox(deps, workspace.layout.inboxFolder, {
			title: "Call the archive",
			text: "Ask about the registers.",
			source: "user",
			actor: "user",
		});
		const selection = await captureSelection(deps, workspace.layout.inboxFolder, {
			sourcePath: "Projects/Thesis.md",
			selection: "Lyon opens at nine.",
			actor: "user",
		});
		expect([note.path, selection.path]).toEqual([
			"00 Inbox/2026-03-15 Call the archive.md",
			"00 Inbox/2026-03-15 Lyon opens at nine.md",
		]);
		expect(Object.keys(await snapshot()).filter((path) => path.startsWith("Assistant/"))).toEqual([]);
	});

	it("is refused by the containment guard when it leaves the vault, and nothing is written", async () => {
		for (const inboxFolder of ["../outside", ".obsidian/inbox"]) {
			const { workspace, deps, snapshot, records } = workspaceWith({}, { inboxFolder });
			await expect(
				captureToInbox(deps, workspace.layout.inboxFolder, { title: "x", text: "y", source: "user", actor: "user" }),
			).rejects.toBeInstanceOf(ContainmentError);
			expect(await snapshot()).toEqual({});
			expect(records()).toEqual([]);
		}
	});

	it("gives the taxonomy's inbox role to the configured folder, ahead of a folder merely named Inbox", () => {
		const { vault } = memoryFixture({ "Inbox/old.md": "a", "Captures/new.md": "b", "Projects/plan.md": "p" }, NOW);
		const layout = layoutFor("", "Captures");
		const taxonomy = inferTaxonomy({
			view: viewOf(vault, {}, layout),
			verifiedChangedByMove: () => ({ visible: [], hidden: 0 }),
			layout,
			templatesFolder: null,
			dailyNotesFolder: null,
		});
		expect(folderForRole(taxonomy, "inbox")).toMatchObject({ folder: "Captures", confidence: 0.95 });
		expect(taxonomy.folders.find((entry) => entry.folder === "Inbox")).toMatchObject({
			role: "inbox",
			confidence: 0.9,
		});
	});
});
