import type { Clock } from "./ports";

/** The real time; tests inject a fixed clock instead. */
export const systemClock: Clock = { now: () => new Date() };
