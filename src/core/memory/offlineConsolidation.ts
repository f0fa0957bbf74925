import { scanHeadings } from "../text/markdownSections";

/**
 * A consolidation of `memory.md` without a model: what can be tidied by rule alone. The
 * `## Promoted from YYYY-MM-DD` sections that promotion appends day after day become one section,
 * and a list item said again word for word (case and spacing aside) is kept once. Everything else
 * stays as written, in order. The user sees this as a proposal and may edit it before approving.
 */

const PROMOTED = /^Promoted from (\d{4}-\d{2}-\d{2})$/i;
const LIST_ITEM = /^\s*[-*+]\s+(?:\[.\]\s+)?(.*)$/;

interface Part {
	readonly text: string;
	/** The date of a `## Promoted from` section; `null` for any other part. */
	readonly promoted: string | null;
}

export function offlineConsolidation(memory: string): string {
	const eol = memory.includes("\r\n") ? "\r\n" : "\n";
	const parts = splitAtLevelTwo(memory);
	const promoted = parts.filter((part) => part.promoted !== null);
	let merged = parts;
	if (promoted.length > 1) {
		const dates = promoted.map((part) => part.promoted as string).sort();
		const bodies = promoted
			.map((part) => part.text.slice(part.text.search(/\r?\n/) + 1).trim())
			.filter((body) => body !== "");
		const section: Part = {
			text: `## Promoted memory, ${dates[0]} to ${dates[dates.length - 1]}${eol}${eol}${bodies.join(eol)}${eol}${eol}`,
			promoted: null,
		};
		const first = parts.indexOf(promoted[0]);
		merged = [...parts.slice(0, first), section, ...parts.slice(first).filter((part) => part.promoted === null)];
	}
	const tidied = withoutRepeatedItems(merged.map((part) => part.text).join(""), eol).replace(
		/(\r?\n){3,}/g,
		`${eol}${eol}`,
	);
	return tidied.replace(/(\r?\n)+$/, eol);
}

function splitAtLevelTwo(memory: string): Part[] {
	const starts = scanHeadings(memory).filter((heading) => heading.level <= 2);
	const parts: Part[] = [];
	let from = 0;
	for (const heading of starts) {
		if (heading.start > from) parts.push(part(memory.slice(from, heading.start)));
		from = heading.start;
	}
	parts.push(part(memory.slice(from)));
	return parts.filter((item) => item.text !== "");
}

function part(text: string): Part {
	const heading = /^##[ \t]+(.*?)[ \t]*(?:\r?\n|$)/.exec(text);
	const date = heading === null ? null : (PROMOTED.exec(heading[1])?.[1] ?? null);
	return { text, promoted: date };
}

/** Drops a one-line list item whose words were already said by an earlier one. */
function withoutRepeatedItems(text: string, eol: string): string {
	const lines = text.split(/\r?\n/);
	const seen = new Set<string>();
	const kept = lines.filter((line, index) => {
		const item = LIST_ITEM.exec(line);
		if (item === null) return true;
		const continued =
			index + 1 < lines.length && /^\s+\S/.test(lines[index + 1]) && LIST_ITEM.exec(lines[index + 1]) === null;
		const key = item[1].normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
		if (continued || key === "") return true;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
	return kept.join(eol);
}
