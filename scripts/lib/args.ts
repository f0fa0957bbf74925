/** A command line's words, parsed: the command, its positional words and `--flag value` options. */
export interface ParsedArgs {
	readonly command: string;
	readonly positional: readonly string[];
	readonly options: ReadonlyMap<string, string>;
}

/** Bad input from the person at the keyboard: printed as one line, exit code 1, no stack trace. */
export class UsageError extends Error {}

export function parseArgs(argv: readonly string[]): ParsedArgs {
	const [command = "", ...rest] = argv;
	const positional: string[] = [];
	const options = new Map<string, string>();
	for (let i = 0; i < rest.length; i++) {
		const word = rest[i];
		if (!word.startsWith("--")) {
			positional.push(word);
			continue;
		}
		const value = rest[i + 1];
		if (value === undefined || value.startsWith("--")) throw new UsageError(`${word} needs a value.`);
		options.set(word.slice(2), value);
		i++;
	}
	return { command, positional, options };
}

export function requireOption(args: ParsedArgs, name: string): string {
	const value = args.options.get(name);
	if (value === undefined) throw new UsageError(`${args.command} needs --${name}.`);
	return value;
}

export function rejectUnknownOptions(args: ParsedArgs, known: readonly string[]): void {
	for (const name of args.options.keys()) {
		if (!known.includes(name)) throw new UsageError(`${args.command} does not take --${name}.`);
	}
}
