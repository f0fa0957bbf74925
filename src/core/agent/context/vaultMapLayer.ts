import { findAssistantCallout } from "../../text/assistantCallout";
import { VAULT_MAP_LAYER_CHARS } from "../../organize/vaultMapText";
import { fromNote, sentLayer, skippedLayer, type Layer } from "./layer";
import { tagged } from "./layerTags";
import type { NoteText } from "./noteExcerpt";

/** The layer's budget on a large window: the compact map's characters at about four a token. */
export const VAULT_MAP_TOKENS = Math.ceil(VAULT_MAP_LAYER_CHARS / 4);

const TAG = "vault-map";

/**
 * The vault map: where things live in the user's vault, so that the model searches and
 * files in the right folders without listing the vault. What is sent is the table the assistant
 * keeps in the vault map note's own callout, never the user's text around it, row by row within
 * the budget; the rows left out are counted. No layer until the map has been made ("Refresh vault
 * map", or the heartbeat when folders change).
 */
export function vaultMapLayer(note: NoteText | null, budgetTokens = VAULT_MAP_TOKENS): Layer {
	if (note === null) return skippedLayer(TAG, budgetTokens, "no vault map note");
	const rows = tableRows(note.text);
	if (rows.length === 0) return skippedLayer(TAG, budgetTokens, "no table in the vault map note");
	const maxChars = Math.min(VAULT_MAP_LAYER_CHARS, budgetTokens * 4);
	const lines = [
		`The user's folders, from ${note.path}: what each is for, how many notes it holds and its most linked notes (paths relative to the vault).`,
	];
	let used = lines[0].length + 1;
	let left = 0;
	for (const row of rows) {
		if (left > 0 || used + row.length + 1 > maxChars) {
			left++;
			continue;
		}
		lines.push(row);
		used += row.length + 1;
	}
	if (left > 0) lines.push(`(${left} more folders not listed: read ${note.path} for them.)`);
	return fromNote(sentLayer(TAG, budgetTokens, tagged(TAG, {}, lines.join("\n"))), note.path);
}

/** The table rows (header included) inside the note's assistant callout. */
function tableRows(text: string): string[] {
	const callout = findAssistantCallout(text);
	if (callout === null) return [];
	return text
		.slice(callout.headerEnd, callout.end)
		.split(/\r\n|\r|\n/)
		.map((line) => line.replace(/^ {0,3}>[ \t]?/, "").trim())
		.filter((line) => line.startsWith("|"));
}
