import { oneShotFit } from "../text/oneShotFit";
import { estimateTokens } from "../text/tokenEstimate";
import { sha256Hex } from "../audit/hash";
import type { AuditActor, AuditRecord } from "../audit/record";
import { modelWrittenBody } from "../vault/excludedTagText";
import { withoutHiddenNames } from "../vault/hiddenNames";
import type { IndexPolicy } from "../vault/indexPolicy";
import type { VaultView } from "../vault/vaultView";
import { findFrontmatterBlock, withoutFrontmatter } from "../text/frontmatterBlock";
import { baseName } from "../vault/paths";
import { freeNotePath } from "./captureName";
import { localToday } from "./dailyDates";
import type { MemoryDeps } from "./memoryDeps";
import { offlineConsolidation } from "./offlineConsolidation";
import type { TextModel } from "../model/textModel";

/**
 * Hot memory upkeep. `memory.md` is append-only and grows past what the hot memory
 * layer can show. Then the assistant proposes a consolidated version (the model's, or offline the
 * rule-based tidying); the user sees the diff, edits it if they like, and approves. Only the text
 * they approved is written, and only after the previous `memory.md` is kept in `memory/archive/`:
 * nothing is dropped without consent, nothing is lost after it.
 */

export interface ConsolidationProposal {
	readonly memoryPath: string;
	/** The SHA-256 of the text the proposal was made from: applying refuses if `memory.md` changed since. */
	readonly basedOn: string;
	readonly current: string;
	readonly proposed: string;
	readonly author: "model" | "offline";
	/** The model's failure, when the offline proposal stands in for it. */
	readonly modelError: unknown;
	/**
	 * `memory.md` names a note or tag private now, so it was not sent to the model: withheld, that
	 * name's marker would have come back in the model's text and replaced it once approved.
	 */
	readonly namesPrivate: boolean;
}

/** Whether `memory.md` is more than the hot memory cap can show whole. */
export function exceedsHotMemoryCap(memory: string, capTokens: number): boolean {
	return estimateTokens(memory) > capTokens;
}

export const CONSOLIDATION_SYSTEM = [
	"You consolidate an assistant's long-term memory file, memory.md, which has grown past its budget.",
	"Return the complete new memory.md in markdown and nothing else.",
	"Keep every preference, rule, constraint and the current state; merge repeated and overlapping entries; keep dates where they matter;",
	"drop a fact only when a later entry replaces it. Keep the user's headings and language. Aim for about {cap} tokens.",
].join(" ");

export interface ProposalOptions {
	readonly capTokens: number;
	readonly model: TextModel | null;
	/** The model's context window, when it is a local model's; absent, Claude's, which holds any memory.md. */
	readonly contextWindowTokens?: number;
	readonly signal?: AbortSignal;
}

/** A proposal when `memory.md` exceeds the cap; `null` when it does not (or there is none). */
export async function proposeConsolidation(
	store: VaultView,
	memoryPath: string,
	options: ProposalOptions,
): Promise<ConsolidationProposal | null> {
	if (store.stat(memoryPath) === null) return null;
	const current = await store.read(memoryPath);
	if (!exceedsHotMemoryCap(current, options.capTokens)) return null;
	// The whole file is the prompt, and the answer its replacement: under today's rules or not at all.
	const namesPrivate = withoutHiddenNames(current, store, memoryPath) !== current;
	const proposal = (
		proposed: string,
		author: ConsolidationProposal["author"],
		modelError: unknown = null,
	): ConsolidationProposal => ({
		memoryPath,
		basedOn: sha256Hex(current),
		current,
		proposed,
		author,
		modelError,
		namesPrivate,
	});
	const system = CONSOLIDATION_SYSTEM.replace("{cap}", String(options.capTokens));
	const maxTokens = Math.max(2 * options.capTokens, 1024);
	const fit = oneShotFit(options.contextWindowTokens, system, maxTokens);
	// A model that cannot read the whole file, or write the whole answer, would drop what it
	// did not see or could not finish: the offline tidying, which drops nothing, stands in.
	const fits = estimateTokens(current) <= fit.promptTokens && fit.maxTokens === maxTokens;
	if (options.model !== null && fits && !namesPrivate) {
		try {
			const proposed = await options.model.complete({
				system,
				prompt: current,
				maxTokens,
				signal: options.signal,
				origin: { feature: "consolidation", notes: [memoryPath] },
			});
			if (proposed.trim() !== "") return proposal(consolidatedText(current, proposed, store.policy), "model");
		} catch (error) {
			if (options.signal?.aborted === true) throw error;
			return proposal(offlineConsolidation(current), "offline", error);
		}
	}
	return proposal(offlineConsolidation(current), "offline");
}

/**
 * The model's consolidation as the text of `memory.md`, its excluded tags escaped and no
 * properties block of its own at the top (`modelWrittenBody`), so that approving it never makes
 * long-term memory private by what the model wrote. When `memory.md` has properties, they stay as
 * they are, in place of the model's copy of them; a model's block is dropped only then, so that
 * text between two `---` rules of a memory.md without properties is never taken for one.
 */
function consolidatedText(current: string, proposed: string, policy: IndexPolicy): string {
	const block = findFrontmatterBlock(current);
	if (block === null) return `${modelWrittenBody(proposed.trim(), policy)}\n`;
	const properties = current.slice(0, block.bodyStart).replace(/([^\n])$/, "$1\n");
	return `${properties}${modelWrittenBody(withoutFrontmatter(proposed.trim()).trim(), policy)}\n`;
}

export interface ApprovedConsolidation {
	readonly memoryPath: string;
	/** The proposal's `basedOn`. */
	readonly basedOn: string;
	/** The text the user approved, as they left it. */
	readonly approved: string;
	/** Where the previous version is kept (`memory/archive`). */
	readonly archiveFolder: string;
	readonly actor: AuditActor;
}

export type ConsolidationOutcome =
	| { readonly kind: "applied"; readonly keptAt: string; readonly records: readonly AuditRecord[] }
	/** `memory.md` changed after the proposal: the user reviews a new one rather than lose that change. */
	| { readonly kind: "changed-since"; readonly current: string }
	| { readonly kind: "unchanged" }
	/** An empty text would drop all memory: never taken as an approval. */
	| { readonly kind: "empty" }
	| { readonly kind: "missing" };

/** Keeps the current `memory.md` in the archive folder, then writes the approved text, both audited. */
export async function applyConsolidation(
	deps: MemoryDeps,
	approval: ApprovedConsolidation,
): Promise<ConsolidationOutcome> {
	if (approval.approved.trim() === "") return { kind: "empty" };
	if (deps.vault.stat(approval.memoryPath) === null) return { kind: "missing" };
	const current = await deps.vault.read(approval.memoryPath);
	if (sha256Hex(current) !== approval.basedOn) return { kind: "changed-since", current };
	if (approval.approved === current) return { kind: "unchanged" };
	const name = `${baseName(approval.memoryPath)} ${localToday(deps.clock)}.md`;
	const kept = await deps.writer.createNote(freeNotePath(deps.writer, approval.archiveFolder, name), current, {
		actor: approval.actor,
		reason: `Keep ${approval.memoryPath} before its consolidation`,
		action: "archive",
	});
	const replaced = await deps.writer.replaceKeptNote(approval.memoryPath, approval.approved, kept.path, {
		actor: approval.actor,
		reason: `Consolidate hot memory as approved; the previous version is kept at ${kept.path}`,
	});
	return {
		kind: "applied",
		keptAt: kept.path,
		records: [kept, replaced].flatMap((outcome) => (outcome.record ? [outcome.record] : [])),
	};
}
