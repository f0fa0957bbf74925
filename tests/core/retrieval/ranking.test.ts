import { linkGraphFromResolvedLinks, snippetOf } from "../../../src/core/retrieval";
import { indexOfVault, NOW, searchPaths } from "./vaultFixtures";

const filler = (topic: string, sentences: number) =>
	Array.from({ length: sentences }, (_, i) => `Paragraph ${i} about ${topic} and nothing else of note.`).join("\n\n");

describe("ranking", () => {
	it("finds a word that appears once, deep in a long note's body, and points at its passage", () => {
		const content = `# Trip\n${filler("travel", 40)}\n\n## Wildlife\nWe saw a quokka near the ferry.\n\n${filler("travel", 10)}`;
		const index = indexOfVault({ "Trips/Perth.md": content, "Other.md": filler("travel", 5) });
		const [hit] = index.search("quokka", { now: NOW });
		expect(hit.path).toBe("Trips/Perth.md");
		expect(hit.heading).toBe("Trip > Wildlife");
		const lines = content.split("\n");
		expect(lines.slice(hit.line - 1, hit.endLine).join("\n")).toContain("quokka");
		expect(snippetOf(content, hit)).toEqual({
			line: lines.indexOf("We saw a quokka near the ferry.") + 1,
			text: expect.stringContaining("quokka") as string,
		});
	});

	it("ranks a title match above a passing mention in a body", () => {
		const index = indexOfVault({
			"Mentions.md": `${filler("gardening", 3)}\n\nI should try the graph view some day.`,
			"Graph view.md": "Shows notes as nodes and links as edges.",
		});
		expect(searchPaths(index, "graph view")).toEqual(["Graph view.md", "Mentions.md"]);
	});

	it("ranks by aliases, tags and headings as well as titles", () => {
		const index = indexOfVault({
			"a.md": "---\naliases: [Project Phoenix]\n---\nRebuild of the billing system.",
			"b.md": "Notes from the phoenix zoo visit, many birds and one phoenix statue, a phoenix mural.",
			"c.md": "---\ntags: [okr]\n---\nGoals for the year.",
			"d.md": "# OKR review\nWe met.",
		});
		expect(searchPaths(index, "phoenix")[0]).toBe("a.md");
		expect(searchPaths(index, "okr")).toEqual(["c.md", "d.md"]);
	});

	it("breaks ties by path", () => {
		const same = "Identical text about lanterns.";
		const index = indexOfVault({ "c.md": same, "a.md": same, "b/a.md": same, "b.md": same });
		expect(searchPaths(index, "lanterns")).toEqual(["a.md", "b.md", "b/a.md", "c.md"]);
	});

	it("applies filters before the limit", () => {
		const files: Record<string, string> = {};
		for (let i = 0; i < 10; i++) files[`loud/${i}.md`] = "Standup meeting. Meeting notes: meeting, meeting.";
		files["atlas/quiet.md"] = "---\ntags: [project/atlas]\n---\nOne meeting, long ago, among many other words here.";
		const index = indexOfVault(files);
		expect(searchPaths(index, "meeting", { tags: ["project"], limit: 3 })).toEqual(["atlas/quiet.md"]);
		expect(searchPaths(index, "meeting", { folder: "atlas", limit: 3 })).toEqual(["atlas/quiet.md"]);
	});

	describe("tag filters", () => {
		const index = indexOfVault({
			"nested.md": "---\ntags: [Project/Atlas]\n---\nbudget",
			"top.md": "budget #project",
			"plural.md": "budget #projects",
			"none.md": "budget",
		});

		it("match the tag and the tags nested below it, whatever the case and the '#'", () => {
			expect(searchPaths(index, "budget", { tags: ["#PROJECT"] })).toEqual(["nested.md", "top.md"]);
			expect(searchPaths(index, "budget", { tags: ["project/atlas"] })).toEqual(["nested.md"]);
		});

		it("can be written in the query as #tag, all of them required", () => {
			expect(searchPaths(index, "budget #project")).toEqual(["nested.md", "top.md"]);
			expect(searchPaths(index, "#project/atlas budget")).toEqual(["nested.md"]);
			expect(searchPaths(index, "budget #project #projects")).toEqual([]);
		});

		it("list every tagged note when the query is only tags", () => {
			expect(searchPaths(index, "#project")).toEqual(["nested.md", "top.md"]);
		});
	});

	it("filters by kind, from where the note lives in the workspace", () => {
		const index = indexOfVault({
			"memory/daily/2026-03-14.md": "Decided to use sqlite.",
			"memory/weekly/2026-W11.md": "This week: sqlite chosen.",
			"memory.md": "Prefers sqlite for prototypes.",
			"Inbox/idea.md": "sqlite extension idea",
			"Notes/db.md": "sqlite vs postgres",
		});
		expect(searchPaths(index, "sqlite", { kind: "daily" })).toEqual(["memory/daily/2026-03-14.md"]);
		expect(searchPaths(index, "sqlite", { kind: "weekly" })).toEqual(["memory/weekly/2026-W11.md"]);
		expect(searchPaths(index, "sqlite", { kind: "longterm" })).toEqual(["memory.md"]);
		expect(searchPaths(index, "sqlite", { kind: "inbox" })).toEqual(["Inbox/idea.md"]);
		expect(searchPaths(index, "sqlite", { kind: "notes" })).toEqual(["Notes/db.md"]);
	});

	it("filters by date: a daily note's own date, any other note's modification day", () => {
		const index = indexOfVault(
			{
				"memory/daily/2026-03-01.md": "ramen",
				"memory/daily/2026-03-10 lunch.md": "ramen",
				"Notes/ramen.md": "ramen",
			},
			{ mtimes: { "memory/daily/2026-03-01.md": Date.UTC(2026, 2, 12), "Notes/ramen.md": Date.UTC(2026, 2, 5, 23) } },
		);
		expect(searchPaths(index, "ramen", { since: "2026-03-05", until: "2026-03-10" }).sort()).toEqual([
			"Notes/ramen.md",
			"memory/daily/2026-03-10 lunch.md",
		]);
		expect(() => searchPaths(index, "ramen", { since: "March" })).toThrow(RangeError);
	});

	it("always returns a note the query links to, first", () => {
		const index = indexOfVault({
			"Projects/Atlas.md": "---\naliases: [AT]\n---\nA mapping project.",
			"Budget.md": "The budget for travel and for hardware.",
		});
		expect(searchPaths(index, "[[Atlas]] budget travel")).toEqual(["Projects/Atlas.md", "Budget.md"]);
		expect(searchPaths(index, "budget [[AT|the atlas]]")[0]).toBe("Projects/Atlas.md");
		expect(searchPaths(index, "[[Projects/Atlas#Goals]]")).toEqual(["Projects/Atlas.md"]);
		const [linked] = index.search("budget [[Atlas]]", { now: NOW });
		expect(linked).toMatchObject({ path: "Projects/Atlas.md", linked: true });
	});

	it("lifts a match that is linked to or from the strongest matches", () => {
		const index = indexOfVault({
			"hub.md": "Kayak trip planning: kayak, kayak rental, kayak routes.",
			"a.md": "A kayak was mentioned.",
			"z.md": "A kayak was mentioned.",
			"unrelated.md": "Linked from the hub but about cooking.",
		});
		expect(searchPaths(index, "kayak")).toEqual(["hub.md", "a.md", "z.md"]);
		const links = linkGraphFromResolvedLinks({ "hub.md": { "z.md": 1, "unrelated.md": 1 } });
		expect(searchPaths(index, "kayak", { links })).toEqual(["hub.md", "z.md", "a.md"]);
	});

	it("lifts a linked match by a share of the linking match's score, never by more than a quarter of its own", () => {
		const passing = `${filler("rivers", 6)}\n\nA kayak was mentioned once.`;
		const index = indexOfVault({
			"hub.md": "Kayak trip planning: kayak, kayak rental, kayak routes, kayak clubs.",
			"close.md": "Kayak rental prices.",
			"far.md": passing,
			"middle.md": "Kayak notes: a kayak, then another kayak.",
		});
		const own = index.search("kayak", { now: NOW });
		const scoreOf = (hits: typeof own, path: string) => hits.find((hit) => hit.path === path)?.score ?? 0;
		const links = linkGraphFromResolvedLinks({ "hub.md": { "close.md": 1, "far.md": 1 } });
		const lifted = index.search("kayak", { now: NOW, links });
		expect(scoreOf(lifted, "close.md")).toBeCloseTo(scoreOf(own, "close.md") + 0.06 * scoreOf(own, "hub.md"));
		expect(scoreOf(lifted, "far.md")).toBeCloseTo(scoreOf(own, "far.md") * 1.25);
		expect(lifted.map((hit) => hit.path).indexOf("far.md")).toBeGreaterThan(
			lifted.map((hit) => hit.path).indexOf("middle.md"),
		);
	});

	describe("hot set", () => {
		const mention = "Instruments we own: a piano, two guitars, drums, a flute, a cello and a violin.";
		const index = indexOfVault({
			"a.md": mention,
			"b.md": mention,
			"Violin.md": "Violin practice: scales, etudes and bowing on the violin.",
			"pinned elsewhere.md": "Nothing about strings at all.",
		});

		it("re-ranks matches: a pinned or often opened note goes first among equals", () => {
			const hotSet = { pinned: new Set(["b.md"]), openCounts: new Map<string, number>() };
			expect(searchPaths(index, "violin", { hotSet })).toEqual(["Violin.md", "b.md", "a.md"]);
			const opened = { pinned: new Set<string>(), openCounts: new Map([["b.md", 7]]) };
			expect(searchPaths(index, "violin", { hotSet: opened })).toEqual(["Violin.md", "b.md", "a.md"]);
		});

		it("cannot manufacture a match, nor lift a weak one above a strong one", () => {
			const hotSet = {
				pinned: new Set(["pinned elsewhere.md", "a.md"]),
				openCounts: new Map([
					["pinned elsewhere.md", 1000],
					["a.md", 1000],
				]),
			};
			expect(searchPaths(index, "violin", { hotSet })).toEqual(["Violin.md", "a.md", "b.md"]);
		});
	});
});
