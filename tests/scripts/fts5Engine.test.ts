import { spawnSync } from "node:child_process";
import * as nodePath from "node:path";
import { ADAPTER_VAULT } from "./engineAdapterVault";

const REPOSITORY = nodePath.join(__dirname, "..", "..");

describe("the fts5 engine adapter (SQLite's FTS5 in WebAssembly, run under tsx)", () => {
	it("finds notes by title, takes FTS5's syntax as words, follows an update and a restart", () => {
		const run = spawnSync(process.execPath, ["--import", "tsx", "tests/scripts/fts5EngineRun.ts"], {
			cwd: REPOSITORY,
			encoding: "utf8",
			timeout: 60_000,
		});
		expect(run.stderr).toBe("");
		expect(run.status).toBe(0);
		const answers = JSON.parse(run.stdout) as Record<string, unknown>;
		expect(answers.byTitle).toEqual(
			["Kubernetes cluster upgrade", "旅行计划", "引っ越しの準備"].map((title) => `Notes/${title}.md`),
		);
		// Read as the words budget, not, and, review: the budget note comes first, nothing throws.
		expect((answers.syntax as string[])[0]).toBe(ADAPTER_VAULT[0].path);
		expect(answers.afterUpdate).toEqual([ADAPTER_VAULT[3].path]);
		// The edited note's old title still matches through its title column, never its old body.
		expect(answers.oldWords).toBe(ADAPTER_VAULT[3].path);
		expect(answers.afterRestart).toEqual([ADAPTER_VAULT[3].path]);
		// A note deleted while the index was saved is gone after the restart.
		expect(answers.removed).not.toContain(ADAPTER_VAULT[0].path);
	});
});
