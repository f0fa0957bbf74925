/**
 * A note the user marked verified is one the assistant proposes no change to. The flag was read
 * only as `verified: true` and a few words for yes: a person who ticked it with an emoji, wrote
 * the date they checked it, or tagged the note `verified` had it edited. A `verified` property now
 * protects the note unless its value clearly says no, and so does the tag.
 */
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";

const BODY = "The abstract as published.\n";

const PROTECTED = [
	"---\nverified: ✅\n---\n",
	"---\nverified: ✔️\n---\n",
	"---\nverified: ☑️\n---\n",
	'---\nverified: "Yes!"\n---\n',
	"---\nverified: OK\n---\n",
	"---\nverified: checked\n---\n",
	"---\nverified: 2024-05-01\n---\n",
	"---\nverified: by Dr. Lin\n---\n",
	"---\nVerified: [✅]\n---\n",
	"---\nverified: {by: lin, on: 2024-05-01}\n---\n",
	"---\ntags: [verified]\n---\n",
	"---\ntags: verified\n---\n",
	"---\ntags:\n  - paper\n  - Verified\n---\n",
	"---\ntag: verified/2024\n---\n",
	"#verified\n",
	"Checked twice. #verified/by-lin\n",
];

const NOT_VERIFIED = [
	"---\nverified: false\n---\n",
	"---\nverified: no\n---\n",
	"---\nverified: ❌\n---\n",
	"---\nverified: 0\n---\n",
	"---\nverified:\n---\n",
	"---\nverified: [no]\n---\n",
	"---\nstatus: verified\n---\n",
];

async function noteEdit(head: string) {
	const vault = await writeToolsOver({ "Papers/Checked.md": `${head}${BODY}` });
	const result = await vault.run("note_edit", {
		path: "Papers/Checked.md",
		edits: [{ find: "as published", replace: "as drafted" }],
		reason: "Fix the wording",
	});
	return { result, written: vault.log.text };
}

describe("a note marked verified as a person writes it", () => {
	it.each(PROTECTED)("gets no proposed change: %j", async (head) => {
		const { result, written } = await noteEdit(head);
		expect(result.isError).toBe(true);
		expect(result.text).toContain("marked `verified`");
		expect(written).toBe("");
	});

	it.each(NOT_VERIFIED)("is edited as any note when it says it is not: %j", async (head) => {
		const { result } = await noteEdit(head);
		expect(result.isError).toBe(false);
		expect(result.text).toContain("Proposed 1 change to Papers/Checked.md");
	});
});
