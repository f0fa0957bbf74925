/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 */
import { errorReply, useFakeAnthropic } from "../../harness/fakeAnthropic";
import { commandPlugin, modalTitled, resetCommandTest, runCommand, until } from "./commandFixture";

beforeEach(resetCommandTest);

const fake = useFakeAnthropic();

describe("organize on a model on the user's own server", () => {
	it("names the server, not Anthropic, when the model on it could not be asked", async () => {
		const settings = { modelProvider: "compatible" as const, serverBaseUrl: fake().baseURL, serverModel: "qwen3" };
		const { app, mock } = await commandPlugin(
			{ "Projects/Atlas.md": "# Atlas\n#project\n", "Inbox/Meeting.md": "About [[Atlas]].\n" },
			{ settings },
		);
		fake().enqueue(errorReply(401, { message: "invalid key" }));
		app.workspace.activeFile = app.vault.getFileByPath("Inbox/Meeting.md");
		runCommand(mock, "organize-current-note");
		const modal = await modalTitled("Organize Meeting");
		await until(() => modal.querySelector(".mod-warning") !== null, "the model's failure");
		const failure = modal.querySelector(".mod-warning")?.textContent ?? "";
		expect(failure).toContain("Ollama refused the key.");
		expect(failure).not.toContain("Anthropic");
	});
});
