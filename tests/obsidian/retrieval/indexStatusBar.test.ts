/**
 * @jest-environment jsdom
 */
import "../../../sandbox/obsidianApi";
import type { IndexStatus } from "../../../src/core/retrieval/service/serviceTypes";
import { setLanguage } from "../../../src/i18n";
import { PROGRESS_REDRAW_MS } from "../../../src/obsidian/progress/redraw";
import { showIndexProgress } from "../../../src/obsidian/retrieval/indexStatusBar";
import { FakeScheduler } from "../../harness/fakeScheduler";

/** A build's statuses, sent when the test says, as the index service sends them. */
class StatusSource {
	private status: IndexStatus = { phase: "waiting" };
	private readonly listeners = new Set<(status: IndexStatus) => void>();

	currentStatus(): IndexStatus {
		return this.status;
	}

	onStatus(listener: (status: IndexStatus) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	send(status: IndexStatus): void {
		this.status = status;
		for (const listener of this.listeners) listener(status);
	}
}

const indexing = (done: number, total = 10_000, finishing = false): IndexStatus => ({
	phase: "indexing",
	done,
	total,
	finishing,
});

describe("the status bar's progress", () => {
	let item: HTMLElement;
	let source: StatusSource;
	let scheduler: FakeScheduler;
	/** Every text the item showed, in order. */
	let drawn: string[];

	beforeEach(() => {
		setLanguage("en");
		item = document.body.createDiv();
		source = new StatusSource();
		scheduler = new FakeScheduler();
		drawn = [];
		new MutationObserver(() => drawn.push(item.getText())).observe(item, {
			childList: true,
			characterData: true,
			subtree: true,
		});
	});

	/** Lets the observer report the changes made so far. */
	const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

	it("draws a build's counts a few times a second, the latest at the end of each wait, not at every slice", async () => {
		const stop = showIndexProgress(item, source, scheduler);
		source.send(indexing(0));
		// A slice every 10 ms for a second: a hundred reports.
		for (let done = 1; done <= 100; done++) {
			scheduler.advance(10);
			source.send(indexing(done * 10));
			await settle();
		}
		expect(drawn[0]).toBe("Indexing 0 / 10,000");
		expect(drawn.length).toBeLessThanOrEqual(1 + 1000 / PROGRESS_REDRAW_MS);
		expect(drawn.length).toBeGreaterThanOrEqual(1000 / PROGRESS_REDRAW_MS);
		// The count a wait ends on is the latest sent, not the one that started it.
		scheduler.advance(PROGRESS_REDRAW_MS);
		await settle();
		expect(item.getText()).toBe("Indexing 1,000 / 10,000");
		stop();
	});

	it("draws a build starting, finishing its notes and ending at once, whatever was drawn just before", async () => {
		showIndexProgress(item, source, scheduler);
		source.send(indexing(0));
		scheduler.advance(1);
		source.send(indexing(9_999));
		source.send(indexing(10_000, 10_000, true));
		await settle();
		expect(item.getText()).toBe("Finishing the index");
		scheduler.advance(1);
		source.send({ phase: "ready" });
		await settle();
		expect(item.getText()).toBe("");
		expect(item.isShown()).toBe(false);
		// Nothing drawn later over the build that ended.
		scheduler.advance(PROGRESS_REDRAW_MS * 2);
		await settle();
		expect(item.getText()).toBe("");
	});

	it("draws a build that starts over at once, and a status that would show the same text not again", async () => {
		showIndexProgress(item, source, scheduler);
		source.send(indexing(0));
		scheduler.advance(PROGRESS_REDRAW_MS);
		source.send(indexing(5_000));
		scheduler.advance(10);
		// The same total: a rebuild or a change of the privacy rules that starts the build over.
		source.send(indexing(0));
		await settle();
		expect(item.getText()).toBe("Indexing 0 / 10,000");
		drawn.length = 0;
		// Finishing reports after every slice too.
		for (let slice = 0; slice < 50; slice++) {
			scheduler.advance(15);
			source.send(indexing(10_000, 10_000, true));
			await settle();
		}
		expect(drawn).toEqual(["Finishing the index"]);
	});

	it("draws nothing more once stopped, not even a count that was waiting", async () => {
		const stop = showIndexProgress(item, source, scheduler);
		source.send(indexing(0));
		scheduler.advance(1);
		source.send(indexing(500));
		stop();
		scheduler.advance(PROGRESS_REDRAW_MS * 2);
		source.send(indexing(900));
		await settle();
		expect(item.getText()).toBe("Indexing 0 / 10,000");
	});
});
