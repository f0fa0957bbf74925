import { sha256Hex } from "../../../src/core/audit/hash";
import { applyAccepted, MAX_EDIT_TEXT_CHARS, proposeEdits, type EditRequest } from "../../../src/core/edits";

const NOTE =
	"# Atlas\n\nThe project starts in May.\nIt has two goals.\n\n## Goals\n\n- Ship the map.\n- Teach the team.\n\n## Notes\n\nNothing yet.\n";

function propose(base: string, request: EditRequest, scope?: { from: number; to: number }) {
	return proposeEdits(base, request, {
		path: "Projects/Atlas.md",
		reason: "Fix the dates",
		...(scope === undefined ? {} : { scope: { path: "Projects/Atlas.md", ...scope } }),
	});
}

function hunksOf(base: string, request: EditRequest) {
	const proposed = propose(base, request);
	if (proposed.kind !== "proposed") throw new Error(`refused: ${proposed.refusal}`);
	return proposed.proposal;
}

describe("proposeEdits with find and replace", () => {
	it("makes one hunk per edit, in the note's order, against the note's hash, and writes nothing itself", () => {
		const proposal = hunksOf(NOTE, {
			edits: [
				{ find: "- Teach the team.", replace: "- Teach the whole team." },
				{ find: "starts in May", replace: "starts in June" },
			],
		});
		expect(proposal).toEqual({
			path: "Projects/Atlas.md",
			reason: "Fix the dates",
			baseHash: sha256Hex(NOTE),
			hunks: [
				{
					id: 0,
					start: NOTE.indexOf("starts in May"),
					end: NOTE.indexOf("starts in May") + 13,
					before: "starts in May",
					after: "starts in June",
					line: 3,
				},
				{
					id: 1,
					start: NOTE.indexOf("- Teach"),
					end: NOTE.indexOf("- Teach") + 17,
					before: "- Teach the team.",
					after: "- Teach the whole team.",
					line: 9,
				},
			],
		});
		expect(applyAccepted(NOTE, proposal.hunks, new Set([1]))).toBe(NOTE.replace("the team", "the whole team"));
		expect(applyAccepted(NOTE, proposal.hunks, new Set([0, 1]))).toBe(
			NOTE.replace("May", "June").replace("the team", "the whole team"),
		);
	});

	it("refuses a find the note does not hold, or holds twice (overlapping matches count), naming the edit", () => {
		expect(
			propose(NOTE, {
				edits: [
					{ find: "two goals", replace: "2" },
					{ find: "June", replace: "July" },
				],
			}),
		).toEqual({
			kind: "refused",
			refusal: "find-absent",
			edit: 1,
		});
		expect(propose(NOTE, { edits: [{ find: "the ", replace: "a " }] })).toMatchObject({
			refusal: "find-ambiguous",
			edit: 0,
		});
		expect(propose("aaa", { edits: [{ find: "aa", replace: "b" }] })).toMatchObject({ refusal: "find-ambiguous" });
		expect(propose(NOTE, { edits: [{ find: "", replace: "x" }] })).toMatchObject({ refusal: "find-absent" });
	});

	it("refuses two edits of the same text, and a proposal that changes nothing", () => {
		expect(
			propose(NOTE, {
				edits: [
					{ find: "It has two goals.", replace: "It has goals." },
					{ find: "two goals", replace: "three goals" },
				],
			}),
		).toMatchObject({ refusal: "overlap" });
		expect(propose(NOTE, { edits: [{ find: "two goals", replace: "two goals" }] })).toEqual({
			kind: "refused",
			refusal: "no-change",
		});
	});

	it("matches and replaces in a note saved with \\r\\n line breaks, keeping them", () => {
		const crlf = NOTE.replace(/\n/g, "\r\n");
		const proposal = hunksOf(crlf, {
			edits: [{ find: "- Ship the map.\n- Teach", replace: "- Ship it.\n- Then teach" }],
		});
		const after = applyAccepted(crlf, proposal.hunks, new Set([0]));
		expect(after).toBe(crlf.replace("- Ship the map.\r\n- Teach", "- Ship it.\r\n- Then teach"));
		expect(after).not.toMatch(/[^\r]\n/);
	});

	it("never touches the note's properties, alone or by edits that together would make some", () => {
		const withProperties = "---\ntags: [atlas]\nassistant: shared\n---\n# Atlas\nText.\n";
		expect(
			propose(withProperties, { edits: [{ find: "assistant: shared", replace: "assistant: open" }] }),
		).toMatchObject({
			refusal: "not-editable",
			detail: expect.stringContaining("properties") as string,
		});
		expect(propose(withProperties, { edits: [{ find: "---\n# Atlas", replace: "# Atlas" }] })).toMatchObject({
			refusal: "not-editable",
		});
		const plain = "# Atlas\nverified line\n---\nText.\n";
		expect(
			propose(plain, { edits: [{ find: "# Atlas\n", replace: "---\nverified: false\n# Atlas\n" }] }),
		).toMatchObject({ refusal: "not-editable", detail: expect.stringContaining("properties") as string });
		// Text right after the properties is the user's, and may change.
		expect(propose(withProperties, { edits: [{ find: "# Atlas", replace: "# Atlas map" }] })).toMatchObject({
			kind: "proposed",
		});
	});

	it("leaves the assistant's own callout to note_annotate, and makes no new one", () => {
		const annotated = `${NOTE}\n> [!assistant] Assistant notes\n> The map is late.\n`;
		expect(propose(annotated, { edits: [{ find: "The map is late.", replace: "On time." }] })).toMatchObject({
			refusal: "not-editable",
			detail: expect.stringContaining("note_annotate") as string,
		});
		expect(
			propose(NOTE, { edits: [{ find: "Nothing yet.", replace: "> [!assistant] Mine\n> planted" }] }),
		).toMatchObject({ refusal: "not-editable" });
	});

	it("refuses a replacement longer than a person can review on a card", () => {
		expect(
			propose(NOTE, { edits: [{ find: "Nothing yet.", replace: "x".repeat(MAX_EDIT_TEXT_CHARS + 1) }] }),
		).toMatchObject({ refusal: "not-editable", edit: 0 });
	});

	it("refuses a find or replace that cuts a character in half, which the file could not hold", () => {
		const note = "Mood: 😀 today.\n";
		// The first half of the emoji's surrogate pair: the note would keep its second half alone.
		expect(propose(note, { edits: [{ find: "\ud83d", replace: "x" }] })).toMatchObject({
			refusal: "not-editable",
			edit: 0,
		});
		expect(propose(note, { edits: [{ find: "today", replace: "\ude00" }] })).toMatchObject({
			refusal: "not-editable",
			edit: 0,
		});
		expect(propose(note, { edits: [{ find: "😀", replace: "🙂" }] })).toMatchObject({ kind: "proposed" });
	});

	it("refuses a find that leaves an accent written apart (decomposed) on the text after it, which the card would not show", () => {
		// `Café` as macOS often writes it: `e` and a combining acute accent. Changing `Cafe` would put the accent on the new text.
		const note = "Lunch at the Cafe\u0301 du Coin.\n";
		expect(propose(note, { edits: [{ find: "the Cafe", replace: "the Bar" }] })).toMatchObject({
			refusal: "not-editable",
			edit: 0,
		});
		expect(propose(note, { edits: [{ find: "at the", replace: "\u0301at the" }] })).toMatchObject({
			refusal: "not-editable",
		});
		expect(propose(note, { edits: [{ find: "the Cafe\u0301", replace: "the Bar" }] })).toMatchObject({
			kind: "proposed",
		});
	});
});

describe("proposeEdits for a selection", () => {
	const goals = { from: NOTE.indexOf("- Teach"), to: NOTE.indexOf("\n\n## Notes") };

	it("looks for a find inside the selection only, so that text also found elsewhere is not ambiguous", () => {
		const proposed = propose(NOTE, { edits: [{ find: "the ", replace: "a " }] }, goals);
		expect(proposed).toMatchObject({ kind: "proposed", proposal: { scope: { path: "Projects/Atlas.md", ...goals } } });
		if (proposed.kind === "proposed") expect(proposed.proposal.hunks[0].start).toBe(NOTE.indexOf("the team"));
	});

	it("refuses a change outside the selection", () => {
		expect(propose(NOTE, { edits: [{ find: "starts in May", replace: "starts in June" }] }, goals)).toMatchObject({
			refusal: "outside-scope",
			edit: 0,
		});
		expect(propose(NOTE, { section: "Notes", text: "Plenty." }, goals)).toMatchObject({ refusal: "outside-scope" });
	});
});

describe("proposeEdits of a section", () => {
	it("replaces the body under the heading, keeping the blank lines around it, narrowed to the lines that change", () => {
		const proposal = hunksOf(NOTE, { section: "## Goals", text: "- Ship the map.\n- Teach everyone.\n- Rest." });
		expect(proposal.hunks).toEqual([
			{
				id: 0,
				start: NOTE.indexOf("- Teach"),
				end: NOTE.indexOf("\n## Notes"),
				before: "- Teach the team.\n",
				after: "- Teach everyone.\n- Rest.\n",
				line: 9,
			},
		]);
		expect(applyAccepted(NOTE, proposal.hunks, new Set([0]))).toContain(
			"## Goals\n\n- Ship the map.\n- Teach everyone.\n- Rest.\n\n## Notes",
		);
	});

	it("finds the heading in any case and at any level unless hashes say which, and does not double a repeated heading", () => {
		const proposal = hunksOf(NOTE, { section: "notes", text: "## Notes\n\nPlenty." });
		expect(applyAccepted(NOTE, proposal.hunks, new Set([0]))).toBe(NOTE.replace("Nothing yet.", "Plenty."));
		expect(propose(NOTE, { section: "### Notes", text: "x" })).toMatchObject({ refusal: "section-absent" });
		expect(propose(NOTE, { section: "Missing", text: "x" })).toMatchObject({ refusal: "section-absent" });
		expect(propose(`${NOTE}\n## Notes\n\nMore.\n`, { section: "Notes", text: "x" })).toMatchObject({
			refusal: "section-absent",
			detail: expect.stringContaining("more than one") as string,
		});
	});

	it("refuses to replace a section whose body is longer than a person can review on a card", () => {
		const long = `# Log\n\n${"- an entry of the log\n".repeat(MAX_EDIT_TEXT_CHARS / 10)}\n# Next\n`;
		expect(propose(long, { section: "Log", text: "Cleared." })).toMatchObject({
			refusal: "not-editable",
			detail: expect.stringContaining(String(MAX_EDIT_TEXT_CHARS)) as string,
		});
	});

	it("fills an empty section on the line after its heading, and ends before the assistant's callout", () => {
		const empty = "# A\n\n## Todo\n\n## Done\n";
		expect(applyAccepted(empty, hunksOf(empty, { section: "Todo", text: "- Write." }).hunks, new Set([0]))).toBe(
			"# A\n\n## Todo\n- Write.\n\n## Done\n",
		);
		const annotated = "# A\n\n## Last\n\nOld text.\n\n> [!assistant] Assistant notes\n> Mine.\n";
		expect(
			applyAccepted(annotated, hunksOf(annotated, { section: "Last", text: "New text." }).hunks, new Set([0])),
		).toBe("# A\n\n## Last\n\nNew text.\n\n> [!assistant] Assistant notes\n> Mine.\n");
	});

	it("keeps a note without a final line break without one", () => {
		const open = "# A\n\n## B\n\nlast line";
		expect(applyAccepted(open, hunksOf(open, { section: "B", text: "new line\n" }).hunks, new Set([0]))).toBe(
			"# A\n\n## B\n\nnew line",
		);
	});
});

describe("applyAccepted", () => {
	it("applies nothing it cannot place: a hunk whose text is not the base's, or overlapping ones", () => {
		const hunk = { id: 0, start: 0, end: 3, before: "abc", after: "x", line: 1 };
		expect(applyAccepted("abcdef", [hunk], new Set([0]))).toBe("xdef");
		expect(applyAccepted("abXdef", [hunk], new Set([0]))).toBeNull();
		expect(
			applyAccepted("abcdef", [hunk, { ...hunk, id: 1, start: 2, end: 4, before: "cd" }], new Set([0, 1])),
		).toBeNull();
		expect(applyAccepted("abcdef", [{ ...hunk, start: 0.5 }], new Set([0]))).toBeNull();
		expect(applyAccepted("abcdef", [hunk], new Set())).toBe("abcdef");
	});
});
