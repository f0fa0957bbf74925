/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import type { App, Component, TFile } from "obsidian";
import { MENTION_LIMIT, NoteTitleSearch } from "../../../src/obsidian/chat/noteTitleSearch";
import { textReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { until } from "../pluginFixture";
import { openChatOn, resetChatTest, textsOf } from "./chatFixture";

jest.setTimeout(20_000);

const fake = useFakeAnthropic();

const FILES = {
	"Projects/Atlas.md": "# Atlas\n\nThe Atlas project ships in March, after the field study.\n",
	"Projects/Atlantis pitch.md": "# Pitch\n\nA deck.\n",
	"Travel/Lisbon.md": "# Lisbon\n\nTrams.\n",
};

beforeAll(() => {
	// jsdom lays nothing out, so it has no scrolling to do.
	Element.prototype.scrollIntoView = () => undefined;
});
beforeEach(resetChatTest);

function composer(view: { contentEl: HTMLElement }) {
	const input = view.contentEl.querySelector<HTMLTextAreaElement>(".assistant-chat-input");
	if (input === null) throw new Error("no composer");
	const type = (text: string) => {
		input.value = text;
		input.setSelectionRange(text.length, text.length);
		input.dispatchEvent(new Event("input"));
	};
	const press = (key: string) =>
		input.dispatchEvent(new KeyboardEvent("keydown", { key, cancelable: true, bubbles: true }));
	const suggestions = () =>
		textsOf(Array.from(view.contentEl.querySelectorAll(".assistant-chat-mentions .suggestion-title")));
	const selected = () =>
		view.contentEl.querySelector(".assistant-chat-mentions .is-selected .suggestion-title")?.textContent;
	return { input, type, press, suggestions, selected };
}

describe("[[ mentions in the composer", () => {
	it("suggests notes by title after [[, and choosing one puts [[Title]] in the message, whose note goes into the context", async () => {
		const { view } = await openChatOn(fake(), FILES);
		const { input, type, press, suggestions, selected } = composer(view);
		type("Tell me about atl");
		expect(suggestions()).toEqual([]);
		type("Tell me about [[atl");
		expect(suggestions()).toEqual(["Atlas", "Atlantis pitch"]);
		press("ArrowDown");
		expect(selected()).toBe("Atlantis pitch");
		press("ArrowUp");
		press("Enter");
		expect(input.value).toBe("Tell me about [[Atlas]]");
		expect(suggestions()).toEqual([]);
		// Enter chose the note; it did not send.
		expect(fake().messageBodies).toHaveLength(0);

		type("Tell me about [[Atlas]] and [[lisb");
		view.contentEl.querySelectorAll<HTMLElement>(".assistant-chat-mentions .suggestion-item")[0].click();
		expect(input.value).toBe("Tell me about [[Atlas]] and [[Lisbon]]");

		fake().enqueue(textReply("It ships in March."));
		press("Enter");
		await until(() => fake().messageBodies.length === 1 && !view.busy, "the message sent");
		const sent = JSON.stringify(fake().messageBodies[0]);
		expect(sent).toContain("ships in March, after the field study");
		expect(sent).toContain("Trams.");
	});

	it("never suggests a note the assistant may not read", async () => {
		const { view } = await openChatOn(fake(), {
			...FILES,
			"Projects/Atlas salary.md": "---\nassistant: private\n---\n# Salary\n",
			".obsidian/atlas.md": "# Config\n",
		});
		const { type, suggestions } = composer(view);
		type("[[atl");
		expect(suggestions()).toEqual(["Atlas", "Atlantis pitch"]);
	});

	it("suggests the images and PDFs the model can be sent, by their names with the extension, never a private one", async () => {
		const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
		const { view } = await openChatOn(fake(), {
			...FILES,
			"Scans/atlas-map.png": PNG,
			"Scans/atlas-passport.png": PNG,
			"Scans/atlas-notes.txt": "plain",
			"Diary/day.md": "---\nassistant: private\n---\n![[atlas-passport.png]]\n",
		});
		const { type, press, input, suggestions } = composer(view);
		type("Read [[atlas-");
		expect(suggestions()).toEqual(["atlas-map.png"]);
		press("Enter");
		expect(input.value).toBe("Read [[atlas-map.png]]");
	});

	it("closes on Esc, and leaves Enter to send once it is closed", async () => {
		const { view } = await openChatOn(fake(), FILES);
		const { type, press, suggestions } = composer(view);
		type("See [[zzz");
		expect(suggestions()).toEqual([]);
		type("See [[lisb");
		expect(suggestions()).toEqual(["Lisbon"]);
		press("Escape");
		expect(suggestions()).toEqual([]);
		fake().enqueue(textReply("Trams."));
		press("Enter");
		await until(() => fake().messageBodies.length === 1 && !view.busy, "the message sent");
		expect(JSON.stringify(fake().messageBodies[0])).toContain("See [[lisb");
	});
});

describe("note titles for mentions", () => {
	it(`stays fast on a 50,000-note vault: each keystroke matches names only, the best ${MENTION_LIMIT} shown`, () => {
		const files = Array.from({ length: 50_000 }, (_, index) => {
			const basename = `${["Meeting", "Project", "Journal", "Idea", "会议"][index % 5]} ${index} ${index % 7 === 0 ? "atlas" : "notes"}`;
			return {
				basename,
				name: `${basename}.md`,
				extension: "md",
				path: `Folder ${index % 50}/${basename}.md`,
				stat: { mtime: index, ctime: 0, size: 0 },
			} as unknown as TFile;
		});
		const app = { vault: { getFiles: () => files, on: () => ({}) } } as unknown as App;
		const owner = { registerEvent: () => undefined } as unknown as Component;
		const search = new NoteTitleSearch(app, owner);
		const timings: number[] = [];
		let found: TFile[] = [];
		for (const query of ["", "p", "pr", "pro", "proj", "proj 4", "proj 49", "proj 49 at"]) {
			const start = performance.now();
			found = search.search(query);
			timings.push(performance.now() - start);
		}
		// eslint-disable-next-line no-console -- the per-keystroke figure, to read in the test's output
		console.log(`[[ suggestions over 50,000 names, ms per keystroke: ${timings.map((ms) => ms.toFixed(1)).join(", ")}`);
		expect(found.length).toBeGreaterThan(0);
		expect(found.length).toBeLessThanOrEqual(MENTION_LIMIT);
		// The tightest matches first: "49" together.
		expect(found[0].basename).toMatch(/^Project \d*49\d* atlas$/);
		expect(found.every((file) => /^Project \d*4\d*9\d* atlas$/.test(file.basename))).toBe(true);
		expect(search.search("").map((file) => file.basename)[0]).toBe("会议 49999 notes");
		// Far from the seconds that reading 50,000 notes would take; the figures above are the measure.
		expect(Math.max(...timings)).toBeLessThan(250);
	});
});
