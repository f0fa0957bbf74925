import { taxonomyReportText, taxonomySuggestions } from "../../src/core/organize/taxonomyReport";
import { applyMove, confirmingAll, NOTHING_CONFIRMED } from "../../src/core/organize/organizeMove";
import { suggestOrganize } from "../../src/core/organize/organizeNote";
import type { Reason } from "../../src/core/organize/folderRole";
import { inferTaxonomy } from "../../src/core/organize/taxonomy";
import { normalizeVaultPath } from "../../src/core/vault/paths";
import { t } from "../../src/i18n";
import { MODEL_TIME_OPTIONS, modelErrorText } from "./headlessModel";
import { MODEL_CHOICE_OPTIONS, modelChoiceOf } from "./modelChoice";
import { rejectUnknownOptions, requireOption, UsageError } from "./args";
import { printed, type Command } from "./command";
import { openHeadlessWorkspace } from "./headless";
import { memoryDepsOf, organizeVaultOf, textModelOf } from "./headlessOrganize";

/**
 * `taxonomy`: the role of each folder, as organizing infers it. `organize`: where a note belongs
 * and why, without moving anything unless `--apply` (then moved as `FileManager.renameFile`
 * moves it, every link to it updated). A move that would change notes marked verified is refused
 * unless `--confirm-verified` says the user agrees.
 */

export const taxonomyCommand: Command = async (args) => {
	rejectUnknownOptions(args, ["vault", "folder", "json", "report", "now"]);
	const vaultDir = requireOption(args, "vault");
	const headless = await openHeadlessWorkspace(vaultDir, {
		folder: args.options.get("folder"),
		now: args.options.get("now"),
	});
	const organize = organizeVaultOf(headless, vaultDir);
	const taxonomy = inferTaxonomy(organize);
	// The report "Suggest taxonomy changes" writes in the vault, printed instead of written.
	if (args.flags.has("report"))
		return printed([
			taxonomyReportText(taxonomySuggestions(organize, taxonomy), headless.workspace.today(), t).trimEnd(),
		]);
	const folders = taxonomy.folders.map((entry) => ({
		folder: entry.folder,
		role: entry.role,
		confidence: entry.confidence,
		notes: entry.notes,
		reasons: texts(entry.reasons),
	}));
	if (args.flags.has("json")) return printed([JSON.stringify(folders, null, 2)]);
	return printed(
		folders.map(
			(entry) => `${entry.folder}  ${entry.role} (${entry.confidence.toFixed(2)}): ${entry.reasons.join(" ")}`,
		),
	);
};

export const organizeCommand: Command = async (args) => {
	rejectUnknownOptions(args, [
		"vault",
		"folder",
		"note",
		"offline",
		...MODEL_CHOICE_OPTIONS,
		"apply",
		"confirm-verified",
		"json",
		"now",
		...MODEL_TIME_OPTIONS,
	]);
	// A local server named without its model or address is refused before the vault is read.
	const choice = modelChoiceOf(args);
	const vaultDir = requireOption(args, "vault");
	const note = normalizeVaultPath(requireOption(args, "note"));
	const headless = await openHeadlessWorkspace(vaultDir, {
		folder: args.options.get("folder"),
		now: args.options.get("now"),
	});
	const vault = organizeVaultOf(headless, vaultDir);
	if (vault.view.hiddenReason(note) !== null) throw new UsageError(`${note} is private: it is not organized.`);
	if (vault.view.stat(note) === null) throw new UsageError(`No note at ${note} in the vault.`);
	const [suggestion] = await suggestOrganize(vault, headless.workspace.writer, [note], textModelOf(args, headless));
	if (suggestion === undefined) throw new UsageError(`${note} is private: it is not organized.`);
	if (suggestion.modelError !== null)
		process.stderr.write(
			`The model could not be asked (${modelErrorText(suggestion.modelError, choice)}); the rules' suggestion stands.\n`,
		);
	const { classification, plan } = suggestion;
	const verifiedNames = [
		...plan.verifiedNotes,
		...(plan.privateVerifiedNotes > 0 ? [t("organize.verified-private", { count: plan.privateVerifiedNotes })] : []),
	];
	const verified =
		verifiedNames.length === 0
			? {}
			: { verifiedNotes: plan.verifiedNotes, privateVerifiedNotes: plan.privateVerifiedNotes };
	const line = {
		folder: classification.folder,
		role: classification.role,
		confidence: classification.confidence,
		reasons: texts(classification.reasons),
		...verified,
	};
	let moved: { to: string; linksUpdated: readonly string[]; linksLeft: readonly string[] } | null = null;
	if (args.flags.has("apply")) {
		if (verifiedNames.length > 0 && !args.flags.has("confirm-verified")) {
			throw new UsageError(
				`Not moved: the move would change verified notes (${verifiedNames.join(", ")}); add --confirm-verified to move anyway.`,
			);
		}
		const outcome = await applyMove(
			memoryDepsOf(headless).writer,
			plan,
			"user",
			args.flags.has("confirm-verified") ? confirmingAll([plan]) : NOTHING_CONFIRMED,
		);
		if (outcome !== null) {
			const left = outcome.linksLeft ?? [];
			moved = {
				to: outcome.path,
				linksUpdated: plan.linkingNotes.filter((note) => !left.includes(note)),
				linksLeft: left,
			};
		}
	}
	// Private notes whose links were left are counted, never named.
	const privateLeft = moved?.linksLeft.filter((note) => vault.view.hiddenReason(note) !== null).length ?? 0;
	const left =
		moved === null ? suggestion.linksLeft : moved.linksLeft.filter((note) => vault.view.hiddenReason(note) === null);
	if (args.flags.has("json")) {
		const leftFields = {
			...(left.length > 0 && { linksLeft: left }),
			...(privateLeft > 0 && { privateLinksLeft: privateLeft }),
		};
		return printed([
			JSON.stringify(
				moved === null
					? { ...line, ...leftFields }
					: { ...line, moved: moved.to, linksUpdated: moved.linksUpdated, ...leftFields },
			),
		]);
	}
	const lines = [
		`${classification.folder || "/"}  ${classification.role} (${classification.confidence.toFixed(2)})`,
		...line.reasons.map((text) => `- ${text}`),
	];
	if (moved !== null) lines.push(`Moved to ${moved.to}; links updated in ${moved.linksUpdated.length} notes.`);
	else if (plan.to !== plan.from)
		lines.push(
			`Would move to ${plan.to} (add --apply); links would be updated in ${plan.linkingNotes.length - left.length} notes.`,
		);
	const leftNames = [...left, ...(privateLeft > 0 ? [t("organize.verified-private", { count: privateLeft })] : [])];
	if (leftNames.length > 0 && (moved !== null || plan.to !== plan.from))
		lines.push(t("organize.links-left", { notes: leftNames.join(", ") }));
	if (moved === null && verifiedNames.length > 0)
		lines.push(`The move would change verified notes, so it needs --confirm-verified: ${verifiedNames.join(", ")}.`);
	return printed(lines);
};

function texts(reasons: readonly Reason[]): string[] {
	return reasons.map((reason) => t(reason.key, reason.params));
}
