import { performance } from "node:perf_hooks";
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import type { OrganizeVault } from "../../src/core/organize/organizeVault";
import { inferTaxonomy } from "../../src/core/organize/taxonomy";
import { taxonomySuggestions } from "../../src/core/organize/taxonomyReport";
import { vaultMap } from "../../src/core/organize/vaultMap";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { MemoryLogFile } from "../../tests/core/audit/memoryLogFile";
import { MemoryVault } from "../../tests/harness/memoryVault";
import { BenchVaults, isVaultSize } from "./benchVaults";

/**
 * How long the commands that look over the whole vault at once take: the taxonomy (*Suggest
 * taxonomy changes*) and the vault map, over a bench vault read through the privacy view, three
 * runs each. `npx tsx scripts/bench/organizeBench.ts 50k` (1k, 10k, 50k or hub; 10k by default).
 */
async function main(): Promise<void> {
	const size = process.argv[2] ?? "10k";
	if (!isVaultSize(size)) throw new Error(`Unknown vault size: ${size}`);
	const notes = new BenchVaults().notesOf(size);
	const vault = new MemoryVault({ files: Object.fromEntries(notes.map((note) => [note.path, note.content])) });
	const clock = { now: () => new Date("2026-06-30T12:00:00Z") };
	const workspace = new AssistantWorkspace({ store: vault, metadata: vault, auditFile: new MemoryLogFile(), clock, settings: defaultPluginData().settings });
	const organize: OrganizeVault = { view: workspace.vault, verifiedChangedByMove: (path) => workspace.verifiedChangedByMove(path), layout: workspace.layout };
	for (let run = 1; run <= 3; run++) {
		const started = performance.now();
		const taxonomy = inferTaxonomy(organize);
		const inferred = performance.now();
		taxonomySuggestions(organize, taxonomy);
		const suggested = performance.now();
		await vaultMap(organize, taxonomy);
		const mapped = performance.now();
		const ms = (from: number, to: number) => `${(to - from).toFixed(0)} ms`;
		console.log(`${size} (${notes.length} notes), run ${run}: taxonomy ${ms(started, inferred)}, suggestions ${ms(inferred, suggested)}, vault map ${ms(suggested, mapped)}`);
	}
}

void main();
