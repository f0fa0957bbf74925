import type { Language } from "../../../i18n";
import { en } from "./en";
import { zh } from "./zh";
import type { WorkspaceTemplates } from "./workspaceTemplates";

const templates: Record<Language, WorkspaceTemplates> = { en, zh };

export function templatesFor(language: Language): WorkspaceTemplates {
	return templates[language];
}
