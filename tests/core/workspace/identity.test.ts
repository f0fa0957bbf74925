import { findIdentityFiles, identityCandidates } from "../../../src/core/workspace/identity";
import { layoutFor } from "../../../src/core/workspace/layout";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";

const vaultWith = (...paths: string[]) => new MemoryVault({ files: Object.fromEntries(paths.map((p) => [p, "x"])) });

describe("finding identity and memory files", () => {
	it("finds the canonical names and reports null for what is missing", () => {
		const vault = vaultWith("soul.md", "user.md", "claude.md", "memory.md");
		expect(findIdentityFiles(vault, layoutFor(""))).toEqual({
			soul: "soul.md",
			user: "user.md",
			rules: "claude.md",
			memory: "memory.md",
			heartbeat: null,
		});
	});

	it("matches names case-insensitively and accepts the aliases", () => {
		const vault = vaultWith("Soul.md", "PROFILE.md", "AGENTS.md", "MEMORY.md", "heartbeat.md");
		expect(findIdentityFiles(vault, layoutFor(""))).toEqual({
			soul: "Soul.md",
			user: "PROFILE.md",
			rules: "AGENTS.md",
			memory: "MEMORY.md",
			heartbeat: "heartbeat.md",
		});
	});

	it("looks only directly inside the assistant folder", () => {
		const vault = vaultWith("soul.md", "Assistant/notes/user.md", "Assistant/claude.md", "Other/memory.md");
		expect(findIdentityFiles(vault, layoutFor("Assistant"))).toEqual({
			soul: null,
			user: null,
			rules: "Assistant/claude.md",
			memory: null,
			heartbeat: null,
		});
	});

	it("prefers claude.md, then other spellings of it, then AGENTS.md, whatever the listing order", () => {
		const layout = layoutFor("");
		expect(identityCandidates(vaultWith("AGENTS.md", "Claude.md", "CLAUDE.md", "claude.md"), layout).rules).toEqual([
			"claude.md",
			"CLAUDE.md",
			"Claude.md",
			"AGENTS.md",
		]);
		expect(findIdentityFiles(vaultWith("AGENTS.md", "Claude.md", "CLAUDE.md"), layout).rules).toBe("CLAUDE.md");
		expect(findIdentityFiles(vaultWith("agents.md", "AGENTS.md"), layout).rules).toBe("AGENTS.md");
	});

	it("prefers user.md over PROFILE.md and memory.md over MEMORY.md over Memory.md", () => {
		const layout = layoutFor("");
		expect(findIdentityFiles(vaultWith("PROFILE.md", "User.md"), layout).user).toBe("User.md");
		expect(identityCandidates(vaultWith("Memory.md", "MEMORY.md", "memory.md"), layout).memory).toEqual([
			"memory.md",
			"MEMORY.md",
			"Memory.md",
		]);
	});

	it("does not take a note whose name only contains a role's name", () => {
		const vault = vaultWith("my soul.md", "user.md.bak", "claude.txt", "memory.md.md");
		expect(Object.values(findIdentityFiles(vault, layoutFor("")))).toEqual([null, null, null, null, null]);
	});
});
