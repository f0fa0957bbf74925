import type { AuditRecord } from "../../../src/core/audit/record";
import { filteredChanges } from "../../../src/obsidian/audit/auditRows";

function record(actor: AuditRecord["actor"], path: string): AuditRecord {
	return {
		time: "2026-03-15T12:00:00.000Z",
		actor,
		action: "append",
		path,
		bytes: 1,
		sha256Before: null,
		sha256After: "0".repeat(64),
		reason: "r",
	};
}

describe("the audit view's actor filter", () => {
	const records = [
		record("assistant", "a.md"),
		record("mcp:claude-code", "b.md"),
		record("user", "c.md"),
		record("mcp:claude-ai", "d.md"),
	];

	it("lets through every MCP client's writes for `mcp`, latest first, and none of the host's", () => {
		expect(filteredChanges(records, { actor: "mcp", note: "" }).map((change) => change.path)).toEqual(["d.md", "b.md"]);
	});

	it("keeps an MCP client's writes out of the host's actors, and in all", () => {
		expect(filteredChanges(records, { actor: "assistant", note: "" }).map((change) => change.path)).toEqual(["a.md"]);
		expect(filteredChanges(records, { actor: "all", note: "" })).toHaveLength(4);
	});
});
