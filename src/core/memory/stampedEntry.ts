/**
 * An entry of daily or long-term memory: one list item that starts with when it was written
 * (`- 14:05 ...` in a day's log, `- 2026-03-15 ...` in long-term memory), the text's further
 * lines indented under it so that they stay part of the item (a list in the text nests).
 */
export function stampedEntry(stamp: string, text: string): string {
	const [first, ...rest] = text.trim().split(/\r\n|\r|\n/);
	return [`- ${stamp} ${first}`, ...rest.map((line) => (line.trim() === "" ? "" : `  ${line}`))].join("\n");
}
