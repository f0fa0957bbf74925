/**
 * The content of a note at one version: a header naming the version, then a body of a fixed size
 * made of that version's letter. A file holding anything else was torn by a write.
 */
export function versionContent(version: number, size: number): string {
	const header = `version ${version}\n`;
	return header + String.fromCharCode(97 + (version % 26)).repeat(size - header.length);
}

/** The version a whole file holds, or `null` when it is not exactly one version's content. */
export function wholeVersion(text: string, size: number): number | null {
	const match = /^version (\d+)\n/.exec(text);
	if (match === null) return null;
	const version = Number(match[1]);
	return text === versionContent(version, size) ? version : null;
}
