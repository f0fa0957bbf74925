import type * as z from "zod/mini";

/**
 * English messages for arguments the model got wrong, given per parse wherever a schema has no
 * message of its own. zod mini carries no messages ("Invalid input"), and its English locale
 * comes in a module with every other language (260 KB of bundle).
 */
export const argumentErrors: z.core.$ZodErrorMap = (issue) => {
	switch (issue.code) {
		case "invalid_type":
			return issue.input === undefined
				? `missing: expected ${kindOf(issue.expected)}`
				: `expected ${kindOf(issue.expected)}, not ${kindOfValue(issue.input)}`;
		case "too_small":
			return `must ${bound("at least", issue.origin, Number(issue.minimum), issue.inclusive)}`;
		case "too_big":
			return `must ${bound("at most", issue.origin, Number(issue.maximum), issue.inclusive)}`;
		case "invalid_value":
			return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
		case "unrecognized_keys":
			return `unknown ${issue.keys.length === 1 ? "argument" : "arguments"} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
		default:
			return undefined;
	}
};

function bound(direction: "at least" | "at most", origin: string, limit: number, inclusive = true): string {
	const value = inclusive ? limit : direction === "at least" ? limit + 1 : limit - 1;
	if (origin === "string") return `be ${direction} ${value} ${value === 1 ? "character" : "characters"} long`;
	if (origin === "array") return `have ${direction} ${value} ${value === 1 ? "item" : "items"}`;
	return `be ${direction} ${value}`;
}

function kindOf(expected: string): string {
	if (expected === "int") return "a whole number";
	return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function kindOfValue(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	if (typeof value === "number" && !Number.isInteger(value)) return `${value}`;
	return kindOf(typeof value);
}
