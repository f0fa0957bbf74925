import type { ServerPreset } from "../core/model/modelServer";

/** A stand-in until the model client gives each server's own line: what lets Obsidian's window call it. */
export function corsFix(preset: ServerPreset): string {
	return preset === "ollama" ? "OLLAMA_ORIGINS=app://obsidian.md* ollama serve" : "";
}
