import type { AuditRecord } from "../../core/audit/record";
import { undoAuditedChange, type UndoChangeOutcome } from "../../core/memory/undoChange";
import { t } from "../../i18n";
import type { CommandContext } from "../commandContext";
import type { SettingsStore } from "../settingsStore";

/** Undoes one change of the trail with the text kept before it (`PreviousContents`), as the user. */
export function undoRecord(
	settingsStore: SettingsStore,
	context: CommandContext,
	record: AuditRecord,
): Promise<UndoChangeOutcome> {
	return undoAuditedChange(record, settingsStore.previousContents, context.memory, "user");
}

/** Why an undo did not happen, in the interface's language. */
export function refusalText(outcome: Exclude<UndoChangeOutcome, { kind: "restored" }>): string {
	if (outcome.kind === "unavailable") return t("audit.undo.unavailable");
	if (outcome.kind === "too-old") return t("audit.undo.too-old");
	return t(`audit.undo.${outcome.refusal}`);
}
