/**
 * A path the host refuses to touch on disk, whatever the containment guard said of it as text.
 * A symbolic link, of the file or of any folder above it, could point anywhere (a private note,
 * a file outside the vault), so the host neither writes nor reads through one. The audited
 * writer records such a refusal in the audit trail, so the user can see what was attempted.
 */

export type UnsafePathRule = "symlink";

export class UnsafePathError extends Error {
	readonly rule: UnsafePathRule;
	/** The vault-relative path that was refused. */
	readonly path: string;

	constructor(rule: UnsafePathRule, path: string) {
		super(`Refused: ${path} ${RULE_EXPLANATIONS[rule]}.`);
		this.name = "UnsafePathError";
		this.rule = rule;
		this.path = path;
	}
}

const RULE_EXPLANATIONS: Readonly<Record<UnsafePathRule, string>> = {
	symlink: "is reached through a symbolic link, and nothing is ever written or read through one",
};
