import type { MessageKey } from "../i18n";

/** The interface strings in the user's language: `t` from `src/i18n`, or a fixed language in tests. */
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;
