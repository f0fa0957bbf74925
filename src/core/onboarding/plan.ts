import { templatesFor } from "../workspace/templates";
import { IDENTITY_ROLES, type IdentityRole } from "../workspace/identity";
import type { WorkspaceLayout } from "../workspace/layout";
import type { OnboardingDraft, OnboardingSettings } from "./drafts";
import { lineDiff, type DiffLine } from "../text/lineDiff";
import { withSectionAtEnd } from "./markdownEdits";

/** An identity file as it is in the vault now. */
export interface ExistingFile {
	readonly path: string;
	readonly content: string;
}

export type ExistingFiles = Readonly<Record<IdentityRole, ExistingFile | null>>;

/** `new`: there is no such file yet (create); `identical`: it already holds the draft (skip); `changed`: it differs (the user decides). */
export type FileState = "new" | "identical" | "changed";

export type FileChoice = "replace" | "keep";

export interface FilePlan {
	readonly role: IdentityRole;
	/** The file in use (an adopted `AGENTS.md` stays `AGENTS.md`), or the canonical path of a new one. */
	readonly path: string;
	readonly state: FileState;
	/** What the file holds now; `null` for a new one. */
	readonly existing: string | null;
	readonly planned: string;
	/** For a changed file, what would change, for the review. */
	readonly diff: readonly DiffLine[];
	/** The planned content is the existing one with text added at the end (`memory.md` gains its section): nothing is lost. */
	readonly addsOnly: boolean;
	/**
	 * What the review offers first for a changed file: `replace` when nothing the user wrote would
	 * be lost (the file is still a template of the plugin's, or it only gains text), `keep` otherwise.
	 */
	readonly proposed: FileChoice;
}

export interface OnboardingPlan {
	readonly files: readonly FilePlan[];
	readonly settings: OnboardingSettings;
}

/**
 * Each planned file against what the vault holds. `memory.md` is append-only, so its plan is the
 * existing file with the draft's section added at its end (nothing, when it already holds it).
 */
export function planOnboarding(
	draft: OnboardingDraft,
	existing: ExistingFiles,
	layout: WorkspaceLayout,
): OnboardingPlan {
	const files = IDENTITY_ROLES.map((role) => {
		const current = existing[role];
		return filePlan(
			role,
			current?.path ?? layout[role],
			current?.content ?? null,
			plannedContent(role, draft, current?.content ?? null),
		);
	});
	return { files, settings: draft.settings };
}

function plannedContent(role: IdentityRole, draft: OnboardingDraft, current: string | null): string {
	if (role !== "memory") return draft.files[role];
	if (current === null) return draft.newMemory;
	const section = draft.memorySection;
	return section === null || current.includes(section.trim()) ? current : withSectionAtEnd(current, section);
}

function filePlan(role: IdentityRole, path: string, existing: string | null, planned: string): FilePlan {
	const base = { role, path, existing, planned };
	if (existing === null) return { ...base, state: "new", diff: [], addsOnly: false, proposed: "replace" };
	if (existing === planned) return { ...base, state: "identical", diff: [], addsOnly: false, proposed: "keep" };
	const addsOnly = planned.startsWith(existing);
	const proposed = addsOnly || isTemplate(role, existing) ? "replace" : "keep";
	return { ...base, state: "changed", diff: lineDiff(existing, planned), addsOnly, proposed };
}

/** Whether `content` is the plugin's template for `role` in any language, line ends and trailing space aside. */
function isTemplate(role: IdentityRole, content: string): boolean {
	const plain = (text: string) => text.replace(/\r\n?/g, "\n").replace(/\s+$/, "");
	return (["en", "zh"] as const).some((language) => plain(templatesFor(language)[role]) === plain(content));
}
