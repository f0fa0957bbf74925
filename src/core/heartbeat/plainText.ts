/**
 * Text as it reads, for comparing what the heartbeat said: no markdown or HTML markup, no emoji,
 * compatibility forms folded (full-width letters, curly apostrophes), lower case, whitespace
 * collapsed. Two replies that differ only in bold, a checkmark or spacing read the same.
 */
export function plainText(text: string): string {
	return text
		.normalize("NFKC")
		.replace(/<\/?[a-z][^>]*>/gi, " ")
		.replace(/[*_`~#>|]/g, " ")
		.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, " ")
		.replace(/[\u2018\u2019\u02BC]/g, "'")
		.toLowerCase()
		.replace(/\s+/g, " ")
		.trim();
}
