import type { MessageKey } from "../../i18n";

/**
 * What a folder is for in the user's vault. The roles are the places a
 * note can belong; the folder names that carry them are the user's own, in any language.
 */
export const FOLDER_ROLES = [
	"inbox",
	"notes",
	"projects",
	"journal",
	"archive",
	"templates",
	"resources",
	"memory",
] as const;
export type FolderRole = (typeof FOLDER_ROLES)[number];

/** Why the taxonomy or a classification says what it says, as a message the interface translates. */
export interface Reason {
	readonly key: MessageKey;
	readonly params?: Readonly<Record<string, string | number>>;
}

export function reason(key: MessageKey, params?: Readonly<Record<string, string | number>>): Reason {
	return params === undefined ? { key } : { key, params };
}
