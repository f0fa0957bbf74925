/**
 * The FTS5 adapter on the adapters' small vault, run under tsx by `fts5Engine.test.ts` (jest
 * cannot import SQLite's ES module and WebAssembly): prints what it answered, as JSON.
 */
import { noteInputOf } from "../../scripts/lib/retrievalBench/corpus";
import {
	createEngine,
	createRestartedEngine,
	prepareEngines,
} from "../../scripts/lib/retrievalBench/engines/engineRegistry";
import { ADAPTER_MTIME, ADAPTER_NOW, ADAPTER_VAULT } from "./engineAdapterVault";

async function main(): Promise<void> {
	await prepareEngines(["fts5"]);
	const engine = createEngine("fts5", { now: ADAPTER_NOW });
	engine.build(ADAPTER_VAULT);
	const byTitle = ["Kubernetes cluster upgrade", "旅行计划", "引っ越しの準備"].map(
		(title) => engine.search(title, 5)[0],
	);
	// FTS5's query syntax in the user's words: quotes, operators, a column filter, an open bracket.
	const syntax = engine.search('title: "budget NOT AND ( review* ^', 5);
	const stored = engine.save();
	const edited = noteInputOf(
		{ path: ADAPTER_VAULT[3].path, content: "Feed the starter with rye flour.\n" },
		ADAPTER_MTIME + 1,
	);
	engine.update(edited);
	const afterUpdate = engine.search("rye flour", 5);
	const oldWords = engine.search("Sourdough starter feeding", 5)[0];
	engine.dispose?.();
	// On a SQLite of its own, as the benchmark's warm start runs it.
	const restarted = await createRestartedEngine("fts5", { now: ADAPTER_NOW });
	restarted.restore(
		stored,
		ADAPTER_VAULT.filter((note) => note.path !== ADAPTER_VAULT[0].path).map((note) =>
			note.path === edited.path ? edited : note,
		),
	);
	const afterRestart = restarted.search("rye flour", 5);
	const removed = restarted.search("Quarterly budget review", 5);
	restarted.dispose?.();
	process.stdout.write(JSON.stringify({ byTitle, syntax, afterUpdate, oldWords, afterRestart, removed }));
}

void main();
