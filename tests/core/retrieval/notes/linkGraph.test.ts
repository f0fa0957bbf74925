import { ResolvedLinkGraph } from "../../../../src/core/retrieval";
import { runToEnd } from "../../../../src/core/retrieval/indexing/steps";

const asked = {
	"hub.md": { "a.md": 2, "b.md": 1, "hub.md": 1 },
	"a.md": { "b.md": 1 },
	"b.md": {},
};
// Enough notes for the reverse map to take more than one step; the last one links to the hub.
const links: Record<string, Record<string, number>> = { ...asked };
for (let i = 0; i < 600; i++) links[`filler/${i}.md`] = { "b.md": 0 };
links["c.md"] = { "hub.md": 1 };
const fillers = Array.from({ length: 600 }, (_, i) => `filler/${i}.md`);

describe("the link graph", () => {
	it("answers the same before its reverse map is built, midway and after, never with a note's link to itself", () => {
		const graph = new ResolvedLinkGraph(links);
		const answers = () =>
			["hub.md", "a.md", "b.md", "c.md"].map((path) => [graph.outgoing(path), [...graph.incoming(path)].sort()]);
		const expected = [
			[["a.md", "b.md"], ["c.md"]],
			[["b.md"], ["hub.md"]],
			[[], ["a.md", ...fillers, "hub.md"].sort()],
			[["hub.md"], []],
		];
		expect(answers()).toEqual(expected);
		const steps = graph.steps();
		expect(steps.next().done).toBe(false);
		expect(answers()).toEqual(expected);
		runToEnd(steps);
		expect(answers()).toEqual(expected);
		expect(graph.incoming("unknown.md")).toEqual([]);
		expect(graph.outgoing("unknown.md")).toEqual([]);
	});

	it("takes a note deleted while the reverse map is built as linking nowhere", () => {
		const changing: Record<string, Record<string, number>> = { ...links };
		const graph = new ResolvedLinkGraph(changing);
		const steps = graph.steps();
		steps.next();
		delete changing["c.md"];
		delete changing["filler/599.md"];
		expect(graph.incoming("hub.md")).toEqual([]);
		runToEnd(steps);
		expect(graph.incoming("b.md")).toHaveLength(601);
	});
});
