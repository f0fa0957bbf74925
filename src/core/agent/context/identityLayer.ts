import type { ContextBudgets } from "../../workspace/data/contextBudgets";
import type { Cut } from "./contextReport";
import { sentLayer, skippedLayer, type ContextSource, type Layer } from "./layer";
import { leftOutCut, type NoteText } from "./noteExcerpt";
import { leftOutNotice } from "./readMoreMarkers";
import { taggedExcerpt, wantedWeight, type TaggedNote } from "./taggedExcerpt";
import { textWeight } from "../../text/tokenEstimate";

/** The identity files as the caller read them (`findIdentityFiles` finds them), `null` when missing. */
export interface IdentityNotes {
	readonly soul: NoteText | null;
	readonly user: NoteText | null;
	readonly rules: NoteText | null;
}

type Role = keyof IdentityNotes;

interface IdentityFile {
	readonly role: Role;
	readonly note: NoteText;
}

interface FileBlock {
	readonly text: string;
	readonly cut: Cut | null;
}

/** Who the assistant is, who the user is, then the rules: the order the model reads them in. */
const ORDER: readonly Role[] = ["soul", "user", "rules"];
/**
 * When the layer is tight, `soul.md` (style) gives way before `user.md` (facts the answers rest
 * on); `claude.md` (the rules) never does.
 */
const GIVES_WAY: readonly Role[] = ["soul", "user"];

const TAG = "identity-file";
const SEPARATOR = "\n\n";

/**
 * Layer 1, the static prefix that prompt caching keeps between turns: it depends on the three
 * files and the budgets only, never on the time or the conversation. Each file is cut to its
 * own budget (head and tail around a marker); when the three together exceed the layer's
 * budget, `soul.md` and `user.md` shrink, and below a useful size are left out with a pointer,
 * while `claude.md` is always sent (cut to the layer's budget when it alone exceeds it).
 */
export function identityLayer(notes: IdentityNotes, budgets: ContextBudgets): Layer {
	const files = ORDER.flatMap((role): IdentityFile[] => {
		const note = notes[role];
		return note === null ? [] : [{ role, note }];
	});
	if (files.length === 0) return skippedLayer("identity", budgets.identityTokens, "no identity files");

	const blocks = new Map<Role, FileBlock>();
	let available = budgets.identityTokens;
	const rules = files.find((file) => file.role === "rules");
	if (rules !== undefined) {
		// Even a claude.md longer than the whole layer leaves room to point at the other files.
		const pointers = files
			.filter((file) => file !== rules)
			.reduce((sum, file) => sum + textWeight(pointerBlock(file).text + SEPARATOR), 0);
		const block = fileBlock(rules, budgets.identityTokens - pointers, budgets);
		blocks.set("rules", block);
		available -= textWeight(block.text + SEPARATOR);
	}
	for (const [role, block] of shrinkable(files, available, budgets)) blocks.set(role, block);

	const sent = files.flatMap((file) => {
		const block = blocks.get(file.role);
		return block === undefined ? [] : [{ ...block, path: file.note.path }];
	});
	const layer = sentLayer(
		"identity",
		budgets.identityTokens,
		sent.map((block) => block.text).join(SEPARATOR),
		sent.flatMap((block) => block.cut ?? []),
	);
	// A pointer names its file too: it goes with the file.
	return { ...layer, sources: sent.map(({ path, text }): ContextSource => ({ path, text })) };
}

/** `soul.md` and `user.md` within what `claude.md` left of the layer. */
function shrinkable(files: readonly IdentityFile[], available: number, budgets: ContextBudgets): Map<Role, FileBlock> {
	const kept = GIVES_WAY.flatMap((role) => files.filter((file) => file.role === role));
	const leftOut: IdentityFile[] = [];
	for (;;) {
		const pointers = leftOut.map(pointerBlock);
		const pointersWeight = pointers.reduce((sum, block) => sum + textWeight(block.text + SEPARATOR), 0);
		const wants = kept.map((file) => askedWeight(file, budgets));
		const shares = fairShares(wants, available - pointersWeight);
		const tooShort = kept.some((_, index) => shares[index] < wants[index] && shares[index] < budgets.minExcerptTokens);
		if (!tooShort) {
			const blocks = new Map<Role, FileBlock>();
			kept.forEach((file, index) =>
				blocks.set(file.role, fileBlock(file, shares[index] - textWeight(SEPARATOR), budgets)),
			);
			leftOut.forEach((file, index) => blocks.set(file.role, pointers[index]));
			return blocks;
		}
		leftOut.push(...kept.splice(0, 1));
	}
}

/** The file in its tags, within `allowance` tokens, tags included. */
function fileBlock(file: IdentityFile, allowance: number, budgets: ContextBudgets): FileBlock {
	return taggedExcerpt(taggedFile(file, budgets), allowance, budgets.headShare);
}

function taggedFile({ role, note }: IdentityFile, budgets: ContextBudgets): TaggedNote {
	return { tag: TAG, attributes: { role, path: note.path }, note, ownTokens: budgets.identityFileTokens };
}

/** A file left out: one line saying where it is. */
function pointerBlock({ note }: IdentityFile): FileBlock {
	return { text: leftOutNotice(note.path, "the identity budget is full"), cut: leftOutCut(note, "layer-budget") };
}

/** What a file asks of the layer, separator included. */
function askedWeight(file: IdentityFile, budgets: ContextBudgets): number {
	return wantedWeight(taggedFile(file, budgets)) + textWeight(SEPARATOR);
}

/** Splits `available` evenly, a file that asks less than its share passing the rest on. */
function fairShares(wants: readonly number[], available: number): number[] {
	const shares = wants.map(() => 0);
	let left = Math.max(0, available);
	const byNeed = wants.map((want, index) => ({ want, index })).sort((a, b) => a.want - b.want || a.index - b.index);
	byNeed.forEach(({ want, index }, position) => {
		shares[index] = Math.min(want, left / (byNeed.length - position));
		left -= shares[index];
	});
	return shares;
}
