import { applyMove, planMove } from "../../../src/core/organize/organizeMove";
import { verifiedNotesChangedByMove } from "../../../src/core/organize/verifiedNotes";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { organizeFixture } from "./fixture";

const linkingNote = (frontmatter: string) => `---\n${frontmatter}\n---\nSee [[Draft]].\n`;
const changedBy = (files: Record<string, string>) => {
	const vault = new MemoryVault({ files: { "Inbox/Draft.md": "# Draft\n", ...files } });
	const change = verifiedNotesChangedByMove(
		{ store: vault, metadata: vault },
		(path) => viewOf(vault).hiddenReason(path) !== null,
		"Inbox/Draft.md",
	);
	return change.hidden === 0 ? change.visible : { ...change };
};

describe("notes marked verified that a move would change", () => {
	it.each([
		"verified: true",
		"verified: True",
		"verified: TRUE",
		'verified: "true"',
		"verified: yes",
		"verified: Yes",
		"Verified: y",
		"verified: 1",
		"verified: 是",
		"ｖｅｒｉｆｉｅｄ: ｙｅｓ",
		'verified: " yes "',
		"verified: [yes]",
	])("reads %j as verified", (frontmatter) => {
		expect(changedBy({ "Notes/Checked.md": linkingNote(frontmatter) })).toEqual(["Notes/Checked.md"]);
	});

	it.each(["verified: false", "verified: no", 'verified: ""', "verified:", "status: verified", "reviewed: true"])(
		"reads %j as not verified",
		(frontmatter) => {
			expect(changedBy({ "Notes/Checked.md": linkingNote(frontmatter) })).toEqual([]);
		},
	);

	it("counts a linking note whose properties cannot be read, since nothing says it is not verified", () => {
		// Unreadable properties hide the note too, so it is counted among the private ones.
		expect(changedBy({ "Notes/Broken.md": linkingNote("verified: true\nverified: false") })).toEqual({
			visible: [],
			hidden: 1,
		});
	});

	it("counts every link form, embeds and frontmatter links, private notes too (counted, never named), and the moved note itself", () => {
		const files = {
			"Inbox/Draft.md": "---\nverified: true\n---\n# Draft\n",
			"Notes/Embeds.md": "---\nverified: true\n---\n![[Draft]]\n",
			"Notes/Markdown.md": "---\nverified: true\n---\n[draft](../Inbox/Draft.md)\n",
			"Notes/Property.md": '---\nverified: true\nsource: "[[Draft]]"\n---\n',
			"Private/Secret.md": "---\nverified: true\nassistant: private\n---\n[[Draft]]\n",
			"Notes/Unrelated.md": "---\nverified: true\n---\n[[Elsewhere]]\n",
		};
		expect(changedBy(files)).toEqual({
			visible: ["Inbox/Draft.md", "Notes/Embeds.md", "Notes/Markdown.md", "Notes/Property.md"],
			hidden: 1,
		});
	});

	it("the move is refused unless every verified note it changes was confirmed", async () => {
		const { organize, vault, deps, log } = organizeFixture({
			"Inbox/Draft.md": "# Draft\n",
			"Notes/Checked.md": linkingNote("verified: true"),
		});
		const plan = planMove(organize, deps.writer, "Inbox/Draft.md", "Projects", []);
		expect(plan.verifiedNotes).toEqual(["Notes/Checked.md"]);
		await expect(applyMove(deps.writer, plan, "user")).rejects.toMatchObject({ verifiedNotes: ["Notes/Checked.md"] });
		expect(vault.stat("Inbox/Draft.md")).not.toBeNull();
		expect(log.text).toBe("");
		await applyMove(deps.writer, plan, "user", { notes: ["Notes/Checked.md"], privateNotes: 0 });
		expect(vault.stat("Projects/Draft.md")).not.toBeNull();
	});
});
