import type { IdentityRole } from "../../workspace/identity";

/** The identity files the model may add to, by the names it knows them by. */
export const IDENTITY_FILES = ["soul", "user", "claude"] as const;
export type IdentityFile = (typeof IDENTITY_FILES)[number];

/** Each file's role in the workspace: `claude` is the rules file (`claude.md`, or an adopted `AGENTS.md`). */
export const IDENTITY_FILE_ROLES: Readonly<Record<IdentityFile, IdentityRole>> = {
	soul: "soul",
	user: "user",
	claude: "rules",
};
