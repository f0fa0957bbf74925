import { relatedNotes } from "../../../../src/core/retrieval/meaning/relatedNotes";
import type { LinkGraph } from "../../../../src/core/retrieval/notes/linkGraph";

const links: LinkGraph = {
	outgoing: (path) => (path === "Open.md" ? ["Linked.md", "Both.md", "Secret.md", "image.png"] : []),
	incoming: (path) => (path === "Open.md" ? ["Backlink.md", "Both.md"] : []),
};
const shown = (path: string) => path.endsWith(".md") && path !== "Secret.md";

describe("the notes related to the open one", () => {
	it("lists the nearest in meaning first, marked when they also link, then the linked notes meaning did not find", () => {
		const nearest = [
			{ path: "Near.md", score: 0.91 },
			{ path: "Both.md", score: 0.8 },
		];
		expect(relatedNotes("Open.md", { nearest, links, shown }, 10)).toEqual([
			{ path: "Near.md", similarity: 0.91, link: null },
			{ path: "Both.md", similarity: 0.8, link: "both" },
			{ path: "Linked.md", similarity: null, link: "to" },
			{ path: "Backlink.md", similarity: null, link: "from" },
		]);
	});

	it("never lists the note itself, a hidden note or an attachment, and stops at the limit", () => {
		const nearest = [
			{ path: "Open.md", score: 1 },
			{ path: "Secret.md", score: 0.95 },
			{ path: "Near.md", score: 0.9 },
		];
		const related = relatedNotes("Open.md", { nearest, links, shown }, 2);
		expect(related.map((note) => note.path)).toEqual(["Near.md", "Linked.md"]);
	});
});
