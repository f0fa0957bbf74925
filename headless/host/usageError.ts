/** Bad input from the person at the keyboard: printed as one line, exit code 1, no stack trace. */
export class UsageError extends Error {}
