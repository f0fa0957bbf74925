import type { VaultView } from "../vault/vaultView";
import type { WriteIntent } from "../vault/auditedWriter";
import { baseName, extensionOf, fileName, joinVaultPath } from "../vault/paths";
import type { IdentityRole } from "../workspace/identity";
import type { FilePlan, OnboardingPlan } from "./plan";

/** The audited writes onboarding makes (`AuditedWriter` has them all). */
export interface OnboardingWriter {
	createNote(path: string, content: string, intent: WriteIntent): Promise<unknown>;
	appendToNote(path: string, text: string, intent: WriteIntent): Promise<unknown>;
	replaceKeptNote(path: string, content: string, keptAt: string, intent: WriteIntent): Promise<unknown>;
	isTaken(path: string): boolean;
}

export interface ApplyDeps {
	readonly vault: VaultView;
	readonly writer: OnboardingWriter;
	/** The assistant's archive folder, where a replaced file's previous content is kept. */
	readonly archiveFolder: string;
	/** The local date, which names the archive's folder. */
	readonly today: string;
}

/**
 * What became of each planned file: `created`, `appended` (its section added), `replaced` (the
 * previous content kept at `keptAt` first), `unchanged` (it already held the draft), `kept` (the
 * user kept theirs), `changed-since-review` (the file is no longer what the review showed, so it
 * was left alone), or `failed`.
 */
export type FileOutcome =
	| { readonly kind: "created" | "appended" | "unchanged" | "kept" | "changed-since-review"; readonly path: string }
	| { readonly kind: "replaced"; readonly path: string; readonly keptAt: string }
	/** `error` as thrown (a refusal of the writer, a containment error), for the interface to describe. */
	| { readonly kind: "failed"; readonly path: string; readonly error: unknown };

/**
 * Writes the plan as the user chose: new files are created, and a changed file is written only
 * when its role is in `replace`. A file that only gains text is appended to; any other is
 * replaced only after its current content is kept in the archive (audited), and the writer
 * refuses the replacement unless the kept copy still matches. Nothing is written to a file that
 * changed since the plan was made. One failure does not stop the other files.
 */
export async function applyOnboarding(
	plan: OnboardingPlan,
	replace: ReadonlySet<IdentityRole>,
	deps: ApplyDeps,
): Promise<FileOutcome[]> {
	const outcomes: FileOutcome[] = [];
	for (const file of plan.files) {
		try {
			outcomes.push(await applyFile(file, replace.has(file.role), deps));
		} catch (error) {
			outcomes.push({ kind: "failed", path: file.path, error });
		}
	}
	return outcomes;
}

async function applyFile(file: FilePlan, consented: boolean, deps: ApplyDeps): Promise<FileOutcome> {
	const { path } = file;
	if (file.state === "identical") return { kind: "unchanged", path };
	if (file.state === "changed" && !consented) return { kind: "kept", path };
	const now = deps.vault.stat(path) === null ? null : await deps.vault.read(path);
	if (now !== file.existing) return { kind: "changed-since-review", path };
	const intent = (reason: string): WriteIntent => ({ actor: "user", reason: `Onboarding: ${reason}` });
	if (file.existing === null) {
		await deps.writer.createNote(path, file.planned, intent(`write ${fileName(path)} from the user's answers`));
		return { kind: "created", path };
	}
	if (file.addsOnly) {
		await deps.writer.appendToNote(
			path,
			file.planned.slice(file.existing.length),
			intent(`add the user's answers to ${fileName(path)}`),
		);
		return { kind: "appended", path };
	}
	const keptAt = freePath(deps, joinVaultPath(deps.archiveFolder, "onboarding", deps.today, fileName(path)));
	await deps.writer.createNote(keptAt, file.existing, intent(`keep ${path} as it was before it is replaced`));
	await deps.writer.replaceKeptNote(
		path,
		file.planned,
		keptAt,
		intent(
			`replace ${fileName(path)} with the version from the user's answers (the previous one is kept at ${keptAt})`,
		),
	);
	return { kind: "replaced", path, keptAt };
}

/** `path`, or `name 2.md`, `name 3.md` … beside it: the first that nothing occupies. */
function freePath(deps: ApplyDeps, path: string): string {
	const taken = (candidate: string) => deps.writer.isTaken(candidate);
	const folder = path.slice(0, path.length - fileName(path).length);
	const extension = extensionOf(path);
	let candidate = path;
	for (let copy = 2; taken(candidate); copy++)
		candidate = `${folder}${baseName(path)} ${copy}${extension === "" ? "" : `.${extension}`}`;
	return candidate;
}
