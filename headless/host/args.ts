import { UsageError } from "./usageError";

/** A command line's words, parsed: the command, its positional words, `--flag value` options and bare `--flags`. */
export interface ParsedArgs {
	readonly command: string;
	readonly positional: readonly string[];
	readonly options: ReadonlyMap<string, string>;
	/** Options that take no value (`--json`). */
	readonly flags: ReadonlySet<string>;
}

// The MCP server and the scripts throw it both; one class, so `instanceof` holds for both.
export { UsageError };

/** `flags` names the options that take no value; every other `--option` takes the next word. */
export function parseArgs(argv: readonly string[], flags: readonly string[] = []): ParsedArgs {
	const [command = "", ...rest] = argv;
	const positional: string[] = [];
	const options = new Map<string, string>();
	const present = new Set<string>();
	for (let i = 0; i < rest.length; i++) {
		const word = rest[i];
		if (!word.startsWith("--")) {
			positional.push(word);
			continue;
		}
		const name = word.slice(2);
		// Given twice, one of the two would be ignored without a word: which one the user meant is not guessed.
		if (options.has(name) || present.has(name)) throw new UsageError(`${word} is given twice.`);
		if (flags.includes(name)) {
			present.add(name);
			continue;
		}
		const value = rest[i + 1];
		if (value === undefined || value.startsWith("--")) throw new UsageError(`${word} needs a value.`);
		options.set(name, value);
		i++;
	}
	return { command, positional, options, flags: present };
}

export function requireOption(args: ParsedArgs, name: string): string {
	const value = args.options.get(name);
	if (value === undefined) throw new UsageError(`${args.command} needs --${name}.`);
	return value;
}

/** Refuses an option the command does not know, and words past the `positional` ones it takes (none by default). */
export function rejectUnknownOptions(args: ParsedArgs, known: readonly string[], positional = 0): void {
	for (const name of [...args.options.keys(), ...args.flags]) {
		if (!known.includes(name)) throw new UsageError(`${args.command} does not take --${name}.`);
	}
	const extra = args.positional[positional];
	if (extra !== undefined)
		throw new UsageError(`${args.command} does not take ${JSON.stringify(extra)}; options start with --.`);
}

/** A comma-separated list option (`--tags a,b`), empty entries dropped; `[]` when absent. */
export function listOption(args: ParsedArgs, name: string): string[] {
	return (args.options.get(name) ?? "")
		.split(",")
		.map((item) => item.trim())
		.filter((item) => item !== "");
}
