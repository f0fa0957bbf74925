import { UnconfirmedVerifiedMoveError } from "../core/organize/organizeMove";
import { ContainmentError } from "../core/vault/containment";
import { WriteRefusedError } from "../core/vault/auditedWriter";
import { UnsafePathError } from "../core/vault/unsafePath";
import { t } from "../i18n";

/** A refused or failed write, in the user's language. Core errors carry codes, not prose. */
export function describeError(error: unknown): string {
	if (error instanceof ContainmentError) return t(`error.containment.${error.rule}`);
	if (error instanceof WriteRefusedError) return t(`error.refused.${error.refusal}`, { path: error.path });
	if (error instanceof UnsafePathError) return t(`error.unsafe.${error.rule}`, { path: error.path });
	if (error instanceof UnconfirmedVerifiedMoveError)
		return t("organize.verified-refused", {
			path: error.path,
			notes: [
				...error.verifiedNotes,
				...(error.privateNotes > 0 ? [t("organize.verified-private", { count: error.privateNotes })] : []),
			].join(", "),
		});
	return t("error.unexpected", { message: error instanceof Error ? error.message : String(error) });
}
