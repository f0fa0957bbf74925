import { moment, normalizePath, type App } from "obsidian";
import { dailyNotesTarget, type DailyTarget } from "../core/memory/daily";
import { DAILY_NOTES_DEFAULT_FORMAT, dailyTemplateFile, fillDailyNoteTemplate } from "../core/memory/dailyNote";
import type { VaultView } from "../core/vault/vaultView";
import { corePluginOptions, textOption } from "./privateApi";

/**
 * Daily memory in the user's own daily notes: the core Daily notes plugin's folder, date format
 * and template. The template is filled for today here, with Obsidian's placeholders
 * (`{{date:FORMAT}}`, `{{time}}`, `{{title}}`), because core knows only ISO dates. The template
 * is read through the privacy view: a private template is not copied into a visible note.
 */
export async function userDailyNotesTarget(app: App, view: VaultView, today: string): Promise<DailyTarget> {
	const options = corePluginOptions(app, "daily-notes");
	const format = textOption(options, "format") || DAILY_NOTES_DEFAULT_FORMAT;
	const folder = userDailyNotesFolder(app);
	const pathFor = (date: string) =>
		normalizePath(`${folder}/${moment(date, DAILY_NOTES_DEFAULT_FORMAT).format(format)}.md`);
	const template = await readTemplate(view, textOption(options, "template"));
	const day = moment(today, DAILY_NOTES_DEFAULT_FORMAT);
	return dailyNotesTarget(
		pathFor,
		fillDailyNoteTemplate(template, format, (pattern) => day.format(pattern)),
	);
}

/** The folder the core Daily notes plugin keeps daily notes in; `""` is the vault root. */
export function userDailyNotesFolder(app: App): string {
	return textOption(corePluginOptions(app, "daily-notes"), "folder");
}

async function readTemplate(view: VaultView, templatePath: string): Promise<string> {
	if (templatePath === "") return "";
	const path = normalizePath(dailyTemplateFile(templatePath));
	return view.stat(path) === null ? "" : view.read(path);
}
