/**
 * The checkpoint offered at a moment starts from the user's own last words, cut to fit: whatever
 * they typed, the cut must leave text that can be saved as it reads, never half a character.
 */
import { CheckpointMoments } from "../../src/core/agent/session/checkpointMoments";

/** In a `u` pattern a pair is one code point, so this matches only a half without its other half. */
const LONE_SURROGATE = /\p{Cs}/u;

describe("the offered checkpoint's draft", () => {
	it.each([298, 299, 300])("never cuts an emoji in half (%i characters before it)", (before) => {
		const moments = new CheckpointMoments();
		const message = `${"a".repeat(before)}${"😀".repeat(20)}`;
		moments.turnEnded(message, null, [], () => false);
		const { doing } = moments.draft();
		expect(LONE_SURROGATE.test(doing)).toBe(false);
		expect(doing.endsWith("…")).toBe(true);
	});
});
