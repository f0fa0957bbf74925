/**
 * The starting content of each identity file, written once when a workspace is initialized and
 * the user's to edit from then on. The file names stay the same in every language.
 */
export interface WorkspaceTemplates {
	readonly soul: string;
	readonly user: string;
	readonly rules: string;
	readonly memory: string;
	readonly heartbeat: string;
}
