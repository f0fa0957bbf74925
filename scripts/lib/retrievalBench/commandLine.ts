/** Options of the bench and eval runners: `--json`, and values written `--name a,b` (a list, or a list of one). */
export interface RunnerArgs {
	readonly json: boolean;
	readonly lists: ReadonlyMap<string, readonly string[]>;
}

export class RunnerUsageError extends Error {}

/** `options` maps each option's name to what its value looks like, for the usage line. */
export function parseRunnerArgs(argv: readonly string[], options: Readonly<Record<string, string>>): RunnerArgs {
	let json = false;
	const lists = new Map<string, string[]>();
	for (let i = 0; i < argv.length; i++) {
		const name = argv[i].replace(/^--/, "");
		if (argv[i] === "--json") {
			json = true;
		} else if (argv[i].startsWith("--") && Object.hasOwn(options, name) && argv[i + 1] !== undefined) {
			lists.set(
				name,
				argv[++i]
					.split(",")
					.map((item) => item.trim())
					.filter((item) => item !== ""),
			);
		} else {
			const usage = Object.entries(options).map(([option, value]) => `[--${option} ${value}]`);
			throw new RunnerUsageError(`unknown argument ${argv[i]}; options: [--json] ${usage.join(" ")}`);
		}
	}
	return { json, lists };
}

/** The chosen items of a list option, each checked against the allowed ones; all of them when absent. */
export function chosen<T extends string>(args: RunnerArgs, name: string, allowed: readonly T[]): T[] {
	const picked = args.lists.get(name);
	if (picked === undefined) return [...allowed];
	for (const item of picked) {
		if (!(allowed as readonly string[]).includes(item))
			throw new RunnerUsageError(`--${name}: ${item} is not one of ${allowed.join(", ")}`);
	}
	return allowed.filter((item) => picked.includes(item));
}
