import { PluginLogFile } from "../../src/obsidian/pluginLogFile";
import { App } from "../../sandbox/obsidianApi/app";

const DIR = ".obsidian/plugins/assistant-workspace";
const PATH = `${DIR}/previous-contents.jsonl`;

function logFile() {
	const app = new App();
	const adapter = app.vault.adapter;
	return { adapter, log: new PluginLogFile(adapter as never, DIR, "previous-contents.jsonl") };
}

describe("the plugin's log file, replaced whole", () => {
	it("replaces the log with the new content", async () => {
		const { adapter, log } = logFile();
		await log.append("old 1\n");
		await log.append("old 2\n");
		await log.replace("new\n");
		expect(await log.readAll()).toBe("new\n");
		expect(await adapter.exists(`${PATH}.new`)).toBe(false);
	});

	it("keeps the old log when a crash cut the replacement short before the old log was removed", async () => {
		const { adapter, log } = logFile();
		await log.append("old\n");
		await adapter.write(`${PATH}.new`, "half writ");
		expect(await log.readAll()).toBe("old\n");
		expect(await adapter.exists(`${PATH}.new`)).toBe(false);
	});

	it("puts the new log in place when a crash came after the old log was removed", async () => {
		const { adapter, log } = logFile();
		await adapter.write(`${PATH}.new`, "new, whole\n");
		expect(await log.readAll()).toBe("new, whole\n");
		await log.append("next\n");
		expect(await log.readAll()).toBe("new, whole\nnext\n");
	});
});

describe("the plugin's log file, appended to", () => {
	it("starts a line of its own after a line a crash cut short, so the line after the fragment is kept", async () => {
		const { adapter, log } = logFile();
		await adapter.write(PATH, '{"whole":1}\n{"cut":');
		await log.append('{"next":2}');
		await log.append('{"then":3}\n');
		expect((await log.readAll()).split("\n")).toEqual(['{"whole":1}', '{"cut":', '{"next":2}', '{"then":3}', ""]);
	});

	it("adds nothing to a log whose last line is whole, or that a replacement ended without a newline", async () => {
		const { log } = logFile();
		await log.append("one");
		await log.append("two\n");
		expect(await log.readAll()).toBe("one\ntwo\n");
		await log.replace("kept");
		await log.append("after");
		expect(await log.readAll()).toBe("kept\nafter\n");
	});
});
