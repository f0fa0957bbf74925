import { PRESET_BASE_URLS } from "../../core/model/modelServer";
import { serverBaseUrl } from "../../core/workspace/data/serverUrl";
import { t } from "../../i18n";

/** What is wrong with a typed base URL, said in place; `undefined` when it is a server's address (it is then saved). */
export function serverUrlProblem(value: unknown): string | undefined {
	const text = typeof value === "string" ? value.trim() : "";
	const example = PRESET_BASE_URLS.ollama;
	if (text === "") return t("settings.server.url.empty", { example });
	return serverBaseUrl(text) === null ? t("settings.server.url.invalid", { value: text, example }) : undefined;
}
