import type { ParsedArgs } from "./args";

/** What a command prints on stdout, one entry a line, and the exit code it ends with. */
export interface CommandOutput {
	readonly lines: readonly string[];
	readonly exitCode: number;
}

export type Command = (args: ParsedArgs) => Promise<CommandOutput>;

/** Lines printed by a command that succeeded. */
export function printed(lines: readonly string[]): CommandOutput {
	return { lines, exitCode: 0 };
}
