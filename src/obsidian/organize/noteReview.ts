import type { Reason } from "../../core/organize/folderRole";
import type { OrganizeSuggestion } from "../../core/organize/organizeNote";
import type { MovePlan } from "../../core/organize/organizeMove";
import { baseName, parentFolder } from "../../core/vault/paths";
import { ModelError } from "../../core/model/modelClient";
import type { CompatibleServer } from "../../core/model/modelServer";
import { t } from "../../i18n";
import { modelErrorMessage } from "../../llm";
import { describeError } from "../describeError";
import { folderLabel } from "./folderSuggestModal";

/** One note under review: where it would go and why, as suggested or as the user changed it. */
export interface NoteReview {
	readonly plan: MovePlan;
	readonly reasons: readonly Reason[];
	/** Why the model could not be asked, when the rules' suggestion stands alone. */
	readonly modelError: unknown;
	/** The compatible server that was asked, if one was: its failures are told in its name. */
	readonly server?: CompatibleServer;
	/** Notes linking to it that are not plain UTF-8 text: Obsidian's link update would rewrite their bytes, so no move is made. */
	readonly linksLeft: readonly string[];
}

export function reviewOf(suggestion: OrganizeSuggestion, server: CompatibleServer | undefined): NoteReview {
	const { plan, classification, modelError, linksLeft } = suggestion;
	return { plan, reasons: classification.reasons, modelError, linksLeft, ...(server !== undefined && { server }) };
}

/** The review after the user picked `plan`'s folder themselves; the notes linking to it are those of `before`. */
export function changedReview(plan: MovePlan, before: NoteReview): NoteReview {
	return { plan, reasons: [{ key: "organize.chosen-by-you" }], modelError: null, linksLeft: before.linksLeft };
}

export function staysPut(review: NoteReview): boolean {
	return review.plan.to === review.plan.from;
}

/** The suggestion's details: the folder, why, and the notes whose links will follow the note. */
export function renderReview(parent: HTMLElement, review: NoteReview): void {
	const { plan } = review;
	const folder = folderLabel(parentFolder(plan.to));
	parent.createEl("p", {
		cls: "assistant-organize-folder",
		text: staysPut(review) ? t("organize.stays", { folder }) : t("organize.suggested", { folder, path: plan.to }),
	});
	const why = parent.createEl("ul", { cls: "assistant-organize-reasons" });
	for (const reason of review.reasons) why.createEl("li", { text: t(reason.key, reason.params) });
	if (review.modelError !== null)
		parent.createEl("p", {
			cls: "mod-warning",
			text: t("organize.model-failed", { error: errorText(review.modelError, review.server) }),
		});
	if (staysPut(review)) return;
	if (plan.verifiedNotes.length > 0 || plan.privateVerifiedNotes > 0) {
		parent.createEl("p", {
			cls: "mod-warning",
			text: t("organize.verified", { count: plan.verifiedNotes.length + plan.privateVerifiedNotes }),
		});
		const verified = parent.createEl("ul", { cls: "assistant-organize-verified" });
		for (const path of plan.verifiedNotes) verified.createEl("li", { text: baseName(path), attr: { title: path } });
		if (plan.privateVerifiedNotes > 0)
			verified.createEl("li", { text: t("organize.verified-private", { count: plan.privateVerifiedNotes }) });
	}
	if (review.linksLeft.length > 0) {
		parent.createEl("p", {
			cls: "mod-warning",
			text: t("organize.links-not-plain", { count: review.linksLeft.length }),
		});
		const left = parent.createEl("ul", { cls: "assistant-organize-links" });
		for (const path of review.linksLeft) left.createEl("li", { text: baseName(path), attr: { title: path } });
	}
	if (plan.linkingNotes.length === 0) {
		parent.createEl("p", { cls: "assistant-organize-links", text: t("organize.no-links") });
		return;
	}
	parent.createEl("p", { text: t("organize.links", { count: plan.linkingNotes.length }) });
	const links = parent.createEl("ul", { cls: "assistant-organize-links" });
	for (const path of plan.linkingNotes) links.createEl("li", { text: baseName(path), attr: { title: path } });
}

function errorText(error: unknown, server: CompatibleServer | undefined): string {
	return error instanceof ModelError ? modelErrorMessage(error, t, server) : describeError(error);
}
