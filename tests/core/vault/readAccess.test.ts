import type { FileStat } from "../../../src/core/ports";
import { indexPolicyFor } from "../../../src/core/retrieval";
import { checkReadAccess } from "../../../src/core/vault/readAccess";
import { layoutFor } from "../../../src/core/workspace/layout";
import { MemoryVault } from "../../harness/memoryVault";

describe("checkReadAccess", () => {
	const vault = new MemoryVault({ files: { "Notes/a.md": "alpha", "Private/b.md": "beta", "Notes/c.md": "---\nassistant: private\n---\ngamma" } });
	const policy = indexPolicyFor(layoutFor("Assistant"), { configDir: vault.configDir, excludedFolders: ["Private"] });
	const access = (path: string) => checkReadAccess(path, { store: vault, metadata: vault }, policy);

	it("allows a note of the vault, normalized, with its stat and metadata", () => {
		expect(access("./Notes//a.md")).toMatchObject({ kind: "allowed", path: "Notes/a.md", stat: { size: 5 }, metadata: {} });
	});

	it("refuses a private folder before it looks whether the file exists", () => {
		expect(access("Private/b.md")).toMatchObject({ kind: "denied", rule: "excluded" });
		expect(access("Private/none.md")).toEqual(access("Private/b.md"));
	});

	it("refuses the assistant's chat transcripts, which the write guard alone would allow", () => {
		expect(access("Assistant/chats/2026-03-01 chat.md")).toEqual({
			kind: "denied",
			rule: "assistant-internal",
			explanation: "Chat transcripts and the audit log are never read back.",
		});
	});

	it("tells a missing note from one it may not read", () => {
		expect(access("Notes/none.md")).toEqual({ kind: "not-found", path: "Notes/none.md" });
		expect(access("Notes/c.md")).toMatchObject({ kind: "denied", rule: "private" });
	});

	it("judges a path again when the private folders change, even in place", () => {
		const folders = ["Private"];
		const changing = { ...policy, excludedFolders: folders };
		const judged = (against = changing) => checkReadAccess("Notes/a.md", { store: vault, metadata: vault }, against);
		expect(judged().kind).toBe("allowed");
		folders.push("Notes");
		// The path rule refuses it, as it refuses any path written into a private folder.
		expect(judged()).toMatchObject({ kind: "denied", rule: "excluded" });
		expect(judged({ ...changing, excludedFolders: ["Private"] }).kind).toBe("allowed");
		folders.pop();
		expect(judged().kind).toBe("allowed");
	});

	it("keeps a note closed while the metadata cache does not know whether it is private", () => {
		const stat: FileStat = { path: "Notes/new.md", size: 3, mtime: 0, ctime: 0 };
		const unknown = { store: { stat: () => stat }, metadata: { getMetadata: () => null } };
		expect(checkReadAccess("Notes/new.md", unknown, policy)).toEqual({ kind: "unreadable", path: "Notes/new.md", reason: "no-metadata" });
	});
});
