import { indexPolicyFor } from "../../../src/core/retrieval";
import { checkReadAccess } from "../../../src/core/vault/readAccess";
import { privacyView } from "../../../src/core/vault/vaultView";
import { layoutFor } from "../../../src/core/workspace/layout";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";

describe("checkReadAccess", () => {
	const vault = new MemoryVault({
		files: { "Notes/a.md": "alpha", "Private/b.md": "beta", "Notes/c.md": "---\nassistant: private\n---\ngamma" },
	});
	const policy = indexPolicyFor(layoutFor("Assistant"), { configDir: vault.configDir, excludedFolders: ["Private"] });
	const access = (path: string) => checkReadAccess(path, privacyView({ store: vault, metadata: vault }, policy));

	it("allows a note of the vault, normalized, with its stat and metadata", () => {
		expect(access("./Notes//a.md")).toMatchObject({
			kind: "allowed",
			path: "Notes/a.md",
			stat: { size: 5 },
			metadata: {},
		});
	});

	it("refuses a private folder before it looks whether the file exists", () => {
		expect(access("Private/b.md")).toMatchObject({ kind: "denied", rule: "excluded", path: "Private/b.md" });
		expect({ ...access("Private/none.md"), path: "Private/b.md" }).toEqual(access("Private/b.md"));
	});

	it("refuses the assistant's chat transcripts, which the write guard alone would allow", () => {
		expect(access("Assistant/chats/2026-03-01 chat.md")).toEqual({
			kind: "denied",
			rule: "assistant-internal",
			explanation: "Chat transcripts and the audit log are never read back.",
			path: "Assistant/chats/2026-03-01 chat.md",
		});
	});

	it("answers a note hidden by its own flag as it answers a missing one", () => {
		expect(access("Notes/none.md")).toEqual({ kind: "not-found", path: "Notes/none.md" });
		// Hidden by its own flag, a note is answered as one that is not there: a refusal would say it exists.
		expect(access("Notes/c.md")).toEqual({ kind: "not-found", path: "Notes/c.md" });
	});

	it("judges a path again when the private folders change, even in place", () => {
		const folders = ["Private"];
		const changing = { ...policy, excludedFolders: folders };
		const judged = (against = changing) =>
			checkReadAccess("Notes/a.md", privacyView({ store: vault, metadata: vault }, against));
		expect(judged().kind).toBe("allowed");
		folders.push("Notes");
		// The path rule refuses it, as it refuses any path written into a private folder.
		expect(judged()).toMatchObject({ kind: "denied", rule: "excluded" });
		expect(judged({ ...changing, excludedFolders: ["Private"] }).kind).toBe("allowed");
		folders.pop();
		expect(judged().kind).toBe("allowed");
	});

	it("keeps a note closed while the metadata cache does not know whether it is private", () => {
		const unknown = privacyView(
			{ store: vault, metadata: { getMetadata: () => null, resolveLink: () => null, resolvedLinks: {} } },
			policy,
		);
		expect(checkReadAccess("Notes/a.md", unknown)).toEqual({ kind: "not-found", path: "Notes/a.md" });
		expect(unknown.listFiles()).toEqual([]);
	});
});
