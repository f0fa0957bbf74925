import { CORS_FIX_COMMANDS, type ServerPreset } from "../core/model/modelServer";
import type { Translate } from "./translate";

/** The line that lets Obsidian's window call a server of this preset, in the user's language. */
export function corsFix(preset: ServerPreset, translate: Translate): string {
	return translate(`model-error.cors-fix.${preset}`, { command: CORS_FIX_COMMANDS[preset] ?? "" });
}
