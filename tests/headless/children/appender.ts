import { DiskVault } from "../../../headless/vault/diskVault";

/**
 * Appends `count` numbered lines to one note through the store, one write each, as a second
 * command line would while the first is running. Arguments: the vault folder, the note, a tag
 * naming this writer, the number of lines.
 */
async function main(): Promise<void> {
	const [root, note, tag, count] = process.argv.slice(2);
	if (root === undefined || note === undefined || tag === undefined || count === undefined)
		throw new Error("usage: appender <vault> <note> <tag> <count>");
	const vault = DiskVault.open(root, { problems: { report: () => undefined } });
	for (let line = 0; line < Number(count); line++) await vault.process(note, (current) => `${current}${tag} ${line}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(`${String(error)}\n`);
	process.exitCode = 1;
});
