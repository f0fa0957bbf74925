import { parseAuditLog } from "../../../src/core/audit/parse";
import { auditLine, type AuditRecord, type AuditRefusal } from "../../../src/core/audit/record";

const hash = (c: string) => c.repeat(64);

const created: AuditRecord = {
	time: "2026-01-01T10:00:00.000Z",
	actor: "assistant",
	action: "create",
	path: "memory/daily/2026-01-01.md",
	bytes: 12,
	sha256Before: null,
	sha256After: hash("a"),
	reason: "Daily memory entry",
};
const moved: AuditRecord = {
	time: "2026-02-05T10:00:00.000Z",
	actor: "heartbeat",
	action: "archive",
	path: "memory/archive/2026/2026-01-01.md",
	from: "memory/daily/2026-01-01.md",
	bytes: 12,
	sha256Before: hash("b"),
	sha256After: hash("b"),
	reason: "Archive",
};
const promoted: AuditRecord = {
	...created,
	actor: "user",
	action: "promote",
	path: "memory.md",
	sha256Before: hash("c"),
};

describe("parseAuditLog", () => {
	it("reads back what was written, in order", () => {
		const text = [created, moved, promoted].map(auditLine).join("");
		expect(parseAuditLog(text)).toEqual({ records: [created, moved, promoted], refusals: [], corruptLines: 0 });
	});

	it("skips and counts corrupt lines, and ignores blank ones", () => {
		const text = [
			auditLine(created),
			'{"time": "2026-01-01T1', // torn write
			"\n\n",
			`${JSON.stringify({ ...created, actor: "model" })}\n`, // not an actor
			`${JSON.stringify({ ...created, sha256After: "xyz" })}\n`, // not a hash
			"[]\n",
			auditLine(moved),
		].join("");
		expect(parseAuditLog(text)).toEqual({ records: [created, moved], refusals: [], corruptLines: 4 });
	});

	it("reads a refused write apart from the writes, never as one, and a refusal without its rule as corrupt", () => {
		const refused: AuditRefusal = {
			time: "2026-01-03T10:00:00.000Z",
			actor: "assistant",
			action: "append",
			path: "alias.md",
			refused: "symlink",
			reason: "Note it",
		};
		const { refused: _rule, ...withoutRule } = refused;
		const text = [auditLine(created), auditLine(refused), `${JSON.stringify(withoutRule)}\n`, auditLine(moved)].join(
			"",
		);
		expect(parseAuditLog(text)).toEqual({ records: [created, moved], refusals: [refused], corruptLines: 1 });
	});

	it("reads an empty log as no records", () => {
		expect(parseAuditLog("")).toEqual({ records: [], refusals: [], corruptLines: 0 });
	});
});
