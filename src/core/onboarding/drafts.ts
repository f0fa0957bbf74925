import type { Language } from "../../i18n";
import { assertContained, type ContainmentPolicy } from "../vault/containment";
import { templatesFor } from "../workspace/templates";
import type { OnboardingAnswers } from "./answers";
import { draftWordingFor, filled, labelledItem, type DraftWording } from "./draftWording";
import { listItems, section, withItemsUnder, withSectionAfterIntro, withSectionAtEnd } from "./markdownEdits";
import type { DailyMemoryChoice, TextAnswer } from "./questions";

/** The files onboarding writes whole; `memory.md` is append-only and only gains a section. */
export type WholeFile = "soul" | "user" | "rules" | "heartbeat";

/** The settings onboarding changes: the assistant's folder choices. */
export interface OnboardingSettings {
	readonly inboxFolder?: string;
	readonly dailyMemoryLocation?: DailyMemoryChoice;
}

export interface OnboardingDraft {
	readonly files: Readonly<Record<WholeFile, string>>;
	/** The first section of `memory.md`, about the user, dated; `null` when no answer belongs there. */
	readonly memorySection: string | null;
	/** `memory.md` as a new file: the template, then the section. */
	readonly newMemory: string;
	readonly settings: OnboardingSettings;
}

/**
 * The identity files made from the answers, on the templates of `language` (so `claude.md`
 * keeps its five rule blocks): the user's words go where each belongs, as list items, and an
 * unanswered question leaves its part of the template as it was. `date` (the local day) dates
 * the memory section. An inbox folder the containment guard refuses is dropped.
 */
export function draftIdentityFiles(
	answers: OnboardingAnswers,
	language: Language,
	date: string,
	policy: ContainmentPolicy,
): OnboardingDraft {
	const wording = draftWordingFor(language);
	const templates = templatesFor(language);
	const items = (answer: TextAnswer) => listItems(answers.text[answer] ?? "");
	const inboxFolder = allowedFolder(answers.inboxFolder, policy);
	const memory = memorySection(wording, answers, date);
	return {
		files: {
			soul: soulFile(templates.soul, wording, answers, items),
			user: userFile(templates.user, wording, answers, items),
			rules: rulesFile(templates.rules, wording, inboxFolder, items),
			heartbeat: withItemsUnder(
				templates.heartbeat,
				wording.checklistHeading,
				wording.checklist.map((item) => `- [ ] ${item}`),
			),
		},
		memorySection: memory,
		newMemory: memory === null ? templates.memory : withSectionAtEnd(templates.memory, memory),
		settings: {
			...(inboxFolder === null ? {} : { inboxFolder }),
			...(answers.dailyMemory === null ? {} : { dailyMemoryLocation: answers.dailyMemory }),
		},
	};
}

type Items = (answer: TextAnswer) => string[];

function soulFile(template: string, wording: DraftWording, answers: OnboardingAnswers, items: Items): string {
	const name = answers.text.assistantName?.trim();
	const wishes = [...(name ? [labelledItem(wording, wording.labels.assistantName, name)] : []), ...items("style")];
	if (wishes.length === 0) return template;
	return withSectionAfterIntro(template, section(wording.soulHeading, [wording.soulLead, "", ...wishes]));
}

function userFile(template: string, wording: DraftWording, answers: OnboardingAnswers, items: Items): string {
	const { about, work, preferences, focus } = wording.userSections;
	const name = answers.text.name?.trim();
	let file = withItemsUnder(template, about, [
		...(name ? [labelledItem(wording, wording.labels.name, name)] : []),
		...items("about"),
	]);
	file = withItemsUnder(file, work, items("work"));
	file = withItemsUnder(file, preferences, items("preferences"));
	file = withItemsUnder(file, focus, items("focus"));
	const other = answers.other.map(({ label, text }) => labelledItem(wording, label, text));
	return other.length === 0 ? file : withSectionAtEnd(file, section(wording.otherHeading, other));
}

/** The five rule blocks as the template has them, then the user's own sections at the end, where the template asks for them. */
function rulesFile(template: string, wording: DraftWording, inboxFolder: string | null, items: Items): string {
	const vault = [
		...items("organization"),
		...(inboxFolder === null ? [] : [`- ${filled(wording.inbox, inboxFolder)}`]),
	];
	let file = template;
	if (vault.length > 0) file = withSectionAtEnd(file, section(wording.vaultHeading, vault));
	if (items("rules").length > 0) file = withSectionAtEnd(file, section(wording.rulesHeading, items("rules")));
	return file;
}

/** Who the user is and what they are on now, one line per answer, under a dated heading. */
function memorySection(wording: DraftWording, answers: OnboardingAnswers, date: string): string | null {
	const lines = (["name", "about", "work", "focus", "preferences"] as const).flatMap((answer) => {
		const text = answers.text[answer]?.trim();
		return text ? [labelledItem(wording, wording.labels[answer], text)] : [];
	});
	return lines.length === 0 ? null : section(filled(wording.memoryHeading, date), lines);
}

function allowedFolder(folder: string | null, policy: ContainmentPolicy): string | null {
	if (folder === null || folder.trim() === "") return null;
	try {
		return assertContained(folder, policy);
	} catch {
		return null;
	}
}
