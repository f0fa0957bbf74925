/** A note's text as frontmatter and body blocks: what the synthetic vaults shuffle and mix. */
export interface NoteParts {
	/** The frontmatter with its `---` fences and final newline, or `""`. */
	readonly frontmatter: string;
	/** Paragraphs, headings, lists and code fences, split at blank lines outside code fences. */
	readonly blocks: readonly string[];
}

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n/;
const FENCE = /^\s*(```|~~~)/;

export function splitNote(content: string): NoteParts {
	const frontmatter = FRONTMATTER.exec(content)?.[0] ?? "";
	const blocks: string[] = [];
	let current: string[] = [];
	// A blank line inside a code fence does not end the block: a shuffled fence would swallow the note.
	let inFence = false;
	for (const line of content.slice(frontmatter.length).split(/\r?\n/)) {
		if (FENCE.test(line)) inFence = !inFence;
		if (!inFence && line.trim() === "") {
			if (current.length > 0) blocks.push(current.join("\n"));
			current = [];
		} else {
			current.push(line);
		}
	}
	if (current.length > 0) blocks.push(current.join("\n"));
	return { frontmatter, blocks };
}

export function joinNote(frontmatter: string, blocks: readonly string[]): string {
	return `${frontmatter}${blocks.join("\n\n")}\n`;
}

export function isCodeFence(block: string): boolean {
	return FENCE.test(block);
}
