import { draftWordingFor, type DraftWording } from "./draftWording";
import type { ExistingFiles } from "./plan";
import type { TextAnswer } from "./questions";

type TextAnswers = Partial<Record<TextAnswer, string>>;

/**
 * What onboarding wrote into the identity files, read back as the answers it came from, so that
 * the form opens again on them rather than empty: each answer from the place `draftIdentityFiles`
 * puts it (the list items under its heading, a `label: value` item for a name), one line per
 * item. Files in either language are read; a file without onboarding's headings gives nothing.
 */
export function answersFromFiles(files: ExistingFiles): TextAnswers {
	const wording = [draftWordingFor("en"), draftWordingFor("zh")];
	const found = (
		markdown: string | undefined,
		read: (markdown: string, wording: DraftWording) => TextAnswers,
	): TextAnswers => {
		if (markdown === undefined) return {};
		for (const candidate of wording) {
			const answers = read(markdown, candidate);
			if (Object.keys(answers).length > 0) return answers;
		}
		return {};
	};
	return {
		...found(files.user?.content, userAnswers),
		...found(files.soul?.content, soulAnswers),
		...found(files.rules?.content, rulesAnswers),
	};
}

function userAnswers(markdown: string, wording: DraftWording): TextAnswers {
	const { about, work, preferences, focus } = wording.userSections;
	const [name, aboutItems] = labelledApart(sectionItems(markdown, about), labelPrefix(wording, wording.labels.name));
	return answers({
		name,
		about: aboutItems,
		work: sectionItems(markdown, work),
		preferences: sectionItems(markdown, preferences),
		focus: sectionItems(markdown, focus),
	});
}

function soulAnswers(markdown: string, wording: DraftWording): TextAnswers {
	const [assistantName, style] = labelledApart(
		sectionItems(markdown, wording.soulHeading),
		labelPrefix(wording, wording.labels.assistantName),
	);
	return answers({ assistantName, style });
}

function rulesAnswers(markdown: string, wording: DraftWording): TextAnswers {
	const inbox = wording.inbox.slice(0, wording.inbox.indexOf("{value}"));
	const organization = sectionItems(markdown, wording.vaultHeading).filter((item) => !item.startsWith(inbox));
	return answers({ organization, rules: sectionItems(markdown, wording.rulesHeading) });
}

/** The answers given, each as its lines; an answer with no line is left out. */
function answers(lines: Partial<Record<TextAnswer, readonly string[]>>): TextAnswers {
	return Object.fromEntries(
		Object.entries(lines)
			.filter(([, items]) => items !== undefined && items.length > 0)
			.map(([answer, items]) => [answer, (items ?? []).join("\n")]),
	);
}

/** The text of each list item of the `## heading` section of `markdown`, in order. */
function sectionItems(markdown: string, heading: string): string[] {
	const lines = markdown.split(/\r\n|\r|\n/);
	const start = lines.indexOf(`## ${heading}`);
	if (start === -1) return [];
	const items: string[] = [];
	for (const line of lines.slice(start + 1)) {
		if (/^#{1,2}\s/.test(line)) break;
		// The marker found by a pattern, the text by trimming: a pattern that also found the text's end took time squared over a line of spaces.
		const item = /^[-*+]\s/.test(line) ? line.slice(1).trim() : "";
		if (item !== "") items.push(item);
	}
	return items;
}

/** What a `label: value` item starts with, in the wording's language. */
function labelPrefix(wording: DraftWording, label: string): string {
	const labelled = wording.labelled.replace("{label}", label);
	return labelled.slice(0, labelled.indexOf("{value}"));
}

/** The value of the item labelled with `prefix` (as its one line), and the other items. */
function labelledApart(items: readonly string[], prefix: string): [string[], string[]] {
	const labelled = items.filter((item) => item.startsWith(prefix)).map((item) => item.slice(prefix.length).trim());
	return [labelled.slice(0, 1), items.filter((item) => !item.startsWith(prefix))];
}
