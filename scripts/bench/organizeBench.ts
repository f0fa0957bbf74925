import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { inferTaxonomy } from "../../src/core/organize/taxonomy";
import { taxonomySuggestions } from "../../src/core/organize/taxonomyReport";
import { vaultMap } from "../../src/core/organize/vaultMap";
import { openHeadlessWorkspace } from "../lib/headless";
import { organizeVaultOf } from "../lib/headlessOrganize";
import { BenchVaults, isVaultSize } from "./benchVaults";

/**
 * How long the commands that look over the whole vault at once take: the taxonomy (*Suggest
 * taxonomy changes*) and the vault map, over a bench vault written to a temporary folder and
 * opened as the command line opens a vault (through its privacy view), three runs each.
 * `npx tsx scripts/bench/organizeBench.ts 50k` (1k, 10k, 50k or hub; 10k by default).
 */
async function main(): Promise<void> {
	const size = process.argv[2] ?? "10k";
	if (!isVaultSize(size)) throw new Error(`Unknown vault size: ${size}`);
	const notes = new BenchVaults().notesOf(size);
	const vaultDir = mkdtempSync(join(tmpdir(), "assistant-workspace-organize-bench-"));
	try {
		for (const note of notes) {
			mkdirSync(dirname(join(vaultDir, note.path)), { recursive: true });
			writeFileSync(join(vaultDir, note.path), note.content);
		}
		const headless = await openHeadlessWorkspace(vaultDir, { now: "2026-06-30T12:00:00Z" });
		const organize = organizeVaultOf(headless, vaultDir);
		for (let run = 1; run <= 3; run++) {
			const started = performance.now();
			const taxonomy = inferTaxonomy(organize);
			const inferred = performance.now();
			taxonomySuggestions(organize, taxonomy);
			const suggested = performance.now();
			await vaultMap(organize, taxonomy);
			const mapped = performance.now();
			const ms = (from: number, to: number) => `${(to - from).toFixed(0)} ms`;
			console.log(
				`${size} (${notes.length} notes), run ${run}: taxonomy ${ms(started, inferred)}, suggestions ${ms(inferred, suggested)}, vault map ${ms(suggested, mapped)}`,
			);
		}
	} finally {
		rmSync(vaultDir, { recursive: true, force: true });
	}
}

void main();
