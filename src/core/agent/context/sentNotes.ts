import type { ContextReport, LayerName } from "./contextReport";
import type { NoteText } from "./noteExcerpt";

/**
 * The vault paths of the notes whose text the assembled system prompt holds, for the request's
 * receipt: each layer's notes, unless the layer sent nothing or left the note out (only a pointer
 * to it, if anything).
 */
export function sentNotes(
	report: ContextReport,
	byLayer: Partial<Record<LayerName, readonly (NoteText | null)[]>>,
): string[] {
	const sent = new Set<string>();
	for (const layer of report.layers) {
		if (layer.skipped !== undefined) continue;
		const leftOut = new Set(layer.cuts.filter((cut) => cut.kind === "left-out").map((cut) => cut.subject));
		for (const note of byLayer[layer.layer] ?? []) if (note !== null && !leftOut.has(note.path)) sent.add(note.path);
	}
	return [...sent];
}
