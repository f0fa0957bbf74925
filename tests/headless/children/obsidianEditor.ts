import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Plays Obsidian editing notes while another process writes them: each edit reads the note, adds
 * a line and writes the whole file back in place (`fs.writeFile`, as Obsidian's desktop adapter
 * saves: no temporary file, no lock), one note after the other, until the `stop` file appears.
 * Prints how many edits it made to each note. Arguments: the vault folder, the stop file, a tag
 * naming this writer, then the notes.
 */
async function main(): Promise<void> {
	const [root, stop, tag, ...notes] = process.argv.slice(2);
	if (root === undefined || stop === undefined || tag === undefined || notes.length === 0)
		throw new Error("usage: obsidianEditor <vault> <stop file> <tag> <note>...");
	const made = notes.map(() => 0);
	while (!existsSync(stop)) {
		notes.forEach((note, index) => {
			const path = join(root, note);
			const current = readFileSync(path, "utf8");
			writeFileSync(path, `${current}- ${tag} ${index}.${made[index]} é中\n`);
			made[index]++;
		});
		// Far more often than Obsidian saves (about two seconds after typing stops), yet with a pause
		// of varying length between saves, as an editor has, so that a save falls anywhere in a write.
		await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
	}
	process.stdout.write(JSON.stringify(made));
}

main().catch((error: unknown) => {
	process.stderr.write(`${String(error)}\n`);
	process.exitCode = 1;
});
