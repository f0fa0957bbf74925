import { DiskVault } from "../../../headless/vault/diskVault";
import { versionContent, wholeVersion } from "./wholeContent";

/**
 * Rewrites the given notes through the store, one after another, each time with the next version
 * of its whole content, until it is killed. Prints `writing` once the first write has begun.
 * Arguments: the vault folder, the size of each note in bytes, then the note paths.
 */
async function main(): Promise<void> {
	const [root, sizeArgument, ...notes] = process.argv.slice(2);
	if (root === undefined || sizeArgument === undefined) throw new Error("usage: crashWriter <vault> <size> <note>...");
	const size = Number(sizeArgument);
	const vault = DiskVault.open(root, {
		problems: { report: (problem) => process.stderr.write(`${JSON.stringify(problem)}\n`) },
	});
	process.stdout.write("writing\n");
	for (;;) {
		for (const note of notes) {
			await vault.process(note, (current) => versionContent((wholeVersion(current, size) ?? 0) + 1, size));
		}
	}
}

void main();
