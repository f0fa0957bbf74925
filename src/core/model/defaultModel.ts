/**
 * The model a new install talks to until the user picks another from the API's list: the
 * current Sonnet, which balances quality, speed and price for a long-running chat.
 */
export const DEFAULT_MODEL = "claude-sonnet-5-5";
