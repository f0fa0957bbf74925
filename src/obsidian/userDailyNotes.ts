import { moment, normalizePath, type App } from "obsidian";
import { dailyNotesTarget, type DailyTarget } from "../core/memory/daily";
import type { VaultView } from "../core/vault/vaultView";
import { corePluginOptions, textOption } from "./privateApi";

const DEFAULT_FORMAT = "YYYY-MM-DD";

/**
 * Daily memory in the user's own daily notes: the core Daily notes plugin's folder, date format
 * and template. The template is filled for today here, with Obsidian's placeholders
 * (`{{date:FORMAT}}`, `{{time}}`, `{{title}}`), because core knows only ISO dates. The template
 * is read through the privacy view: a private template is not copied into a visible note.
 */
export async function userDailyNotesTarget(app: App, view: VaultView, today: string): Promise<DailyTarget> {
	const options = corePluginOptions(app, "daily-notes");
	const format = textOption(options, "format") || DEFAULT_FORMAT;
	const folder = userDailyNotesFolder(app);
	const pathFor = (date: string) => normalizePath(`${folder}/${moment(date, DEFAULT_FORMAT).format(format)}.md`);
	const template = await readTemplate(view, textOption(options, "template"));
	return dailyNotesTarget(pathFor, fillTemplate(template, moment(today, DEFAULT_FORMAT), format));
}

/** The folder the core Daily notes plugin keeps daily notes in; `""` is the vault root. */
export function userDailyNotesFolder(app: App): string {
	return textOption(corePluginOptions(app, "daily-notes"), "folder");
}

async function readTemplate(view: VaultView, templatePath: string): Promise<string> {
	if (templatePath === "") return "";
	const withExtension = templatePath.endsWith(".md") ? templatePath : `${templatePath}.md`;
	const path = normalizePath(withExtension);
	return view.stat(path) === null ? "" : view.read(path);
}

function fillTemplate(template: string, day: moment.Moment, format: string): string {
	return template
		.replace(/\{\{\s*(date|time)\s*(?::([^}]*))?\}\}/gi, (_whole, kind: string, custom: string | undefined) => {
			const fallback = kind.toLowerCase() === "time" ? "HH:mm" : format;
			return day.format(custom?.trim() || fallback);
		})
		.replace(/\{\{\s*title\s*\}\}/gi, day.format(format));
}
