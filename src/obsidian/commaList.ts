/** The items of a comma-separated field, trimmed, empty ones dropped; a Chinese full-width comma separates too. */
export function commaList(text: string): string[] {
	return text
		.split(/[,，]/)
		.map((item) => item.trim())
		.filter((item) => item !== "");
}
