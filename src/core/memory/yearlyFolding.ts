import type { AuditActor, AuditRecord } from "../audit/record";
import type { WriteIntent, WriteOutcome } from "../vault/auditedWriter";
import { fileName, joinVaultPath } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import { freeNotePath } from "./captureName";
import { MAX_HISTORY_WEEKS, weeklyPages, yearlyFolder, type HistoryPage } from "./historyBook";
import { appendBlock } from "../text/markdownSections";
import type { MemoryDeps } from "./memoryDeps";
import { withoutFrontmatter } from "../text/frontmatterBlock";

/**
 * The history book keeps the latest 50 weeks as weekly summaries; each older week is folded into
 * its year's summary (`memory/yearly/YYYY.md`, under `## YYYY-Www`), then its weekly note moves
 * to `memory/archive/weekly/`. Nothing is deleted, and a week already in its year is not added
 * again, so a run cut short is finished by the next.
 */

export interface FoldResult {
	/** The weeks folded by this run, oldest first. */
	readonly weeks: readonly string[];
	readonly records: readonly AuditRecord[];
}

/** Where summaries that left the weekly folder are kept: folded weeks, and a summary rebuilt over. */
export function weeklyArchiveFolder(layout: Pick<WorkspaceLayout, "archiveFolder">): string {
	return joinVaultPath(layout.archiveFolder, "weekly");
}

export async function foldOldWeeks(
	deps: MemoryDeps,
	layout: Pick<WorkspaceLayout, "weeklyFolder" | "archiveFolder">,
	actor: AuditActor,
): Promise<FoldResult> {
	const old = weeklyPages(deps.vault, layout).slice(MAX_HISTORY_WEEKS).reverse();
	const records: AuditRecord[] = [];
	for (const page of old) {
		const intent: WriteIntent = {
			actor,
			reason: `Fold week ${page.period} into its yearly summary`,
			action: "archive",
		};
		const added = await addToYear(deps, layout, page, intent);
		const moved = await deps.writer.moveNote(
			page.path,
			freeNotePath(deps.writer, weeklyArchiveFolder(layout), fileName(page.path)),
			intent,
		);
		records.push(...[added, moved].flatMap((outcome) => (outcome?.record ? [outcome.record] : [])));
	}
	return { weeks: old.map((page) => page.period), records };
}

async function addToYear(
	deps: MemoryDeps,
	layout: Pick<WorkspaceLayout, "weeklyFolder">,
	page: HistoryPage,
	intent: WriteIntent,
): Promise<WriteOutcome | null> {
	const year = page.period.slice(0, 4);
	const path = joinVaultPath(yearlyFolder(layout), `${year}.md`);
	const section = `## ${page.period}\n\n${foldedBody(await deps.vault.read(page.path))}`;
	if (deps.vault.stat(path) === null) return deps.writer.createNote(path, `# ${year}\n\n${section}\n`, intent);
	const current = await deps.vault.read(path);
	if (new RegExp(`^## ${page.period}\\s*$`, "m").test(current)) return null;
	return deps.writer.processNote(path, (text) => appendBlock(text, section, "paragraph"), intent);
}

/** A weekly summary without its frontmatter and title, its headings one level down, under the week's heading. */
function foldedBody(summary: string): string {
	const body = withoutFrontmatter(summary).split(/\r?\n/);
	const withoutTitle = body.filter(
		(line, index) => !(index === body.findIndex((other) => other.trim() !== "") && /^#\s/.test(line)),
	);
	return withoutTitle
		.map((line) => (/^#{1,5}\s/.test(line) ? `#${line}` : line))
		.join("\n")
		.trim();
}
