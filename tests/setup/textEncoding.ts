import { TextDecoder, TextEncoder } from "node:util";

// Obsidian (Electron and mobile webviews) has TextEncoder everywhere; jsdom test environments
// do not, and the core hashes note text with it.
if (typeof globalThis.TextEncoder === "undefined") {
	Object.assign(globalThis, { TextEncoder, TextDecoder });
}
