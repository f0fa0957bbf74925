import {
	LOCAL_TEXT_REQUEST_TIME_LIMIT_MS,
	TEXT_REQUEST_TIME_LIMIT_MS,
	textModelOver,
} from "../../src/core/model/textModel";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { neverDelay, serverClientFor } from "./serverFixture";

const fake = useFakeAnthropic({ profile: "ollama" });

describe("a one-shot text request to a local model", () => {
	it("writes the answer from the server, allowed the longer time limit a loading, slower model needs", async () => {
		fake().enqueue(textReply("  A summary of the week.  "));
		const timers = neverDelay();
		const model = textModelOver(serverClientFor(fake(), "ollama").client, "qwen3:8b", { delay: timers.delay });
		expect(model).not.toBeNull();
		await expect(
			model!.complete({
				system: "Summarize.",
				prompt: "The week.",
				maxTokens: 500,
				origin: { feature: "weekly-summary", notes: [] },
			}),
		).resolves.toBe("A summary of the week.");
		expect(timers.waits).toEqual([LOCAL_TEXT_REQUEST_TIME_LIMIT_MS]);
		expect(LOCAL_TEXT_REQUEST_TIME_LIMIT_MS).toBeGreaterThan(TEXT_REQUEST_TIME_LIMIT_MS);
		expect(fake().messageBodies[0]).toMatchObject({ model: "qwen3:8b", system: "Summarize." });
	});
});
