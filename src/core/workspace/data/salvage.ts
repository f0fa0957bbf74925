import * as z from "zod/mini";
import type { MessageKey } from "../../../i18n";
import { isRecord } from "./json";

/** Something the user should know about their saved data, as an interface string and its values. */
export interface DataProblem {
	readonly key: MessageKey;
	readonly params: Readonly<Record<string, string | number>>;
}

/** Where a value that cannot be salvaged comes from: the defaults, or the last good copy of the file. */
export type FallbackSource = "defaults" | "last-good";

const RESET_KEYS: Readonly<Record<FallbackSource, MessageKey>> = {
	defaults: "data.problem.invalid-field",
	"last-good": "data.problem.invalid-field-last-good",
};

/**
 * Reads `value` against `schema` field by field, so that one bad value costs that value only:
 * a valid field is kept, an invalid one takes its value in `fallbacks` (the defaults, or the last
 * good copy's values) and is reported under its dotted name (`settings.language`), nested groups
 * are salvaged the same way, and an array keeps its valid entries. A missing field takes its
 * fallback silently (it did not exist yet when the data was saved); unknown fields are dropped.
 */
export function salvage<S extends z.ZodMiniObject>(
	schema: S,
	value: unknown,
	fallbacks: { readonly values: z.output<S>; readonly source: FallbackSource },
	name: string,
	problems: DataProblem[],
): z.output<S> {
	// Every field is now valid or a fallback, so this parse only restores the static type.
	return schema.parse(
		salvageValue(schema, value, fallbacks.values, name, { problems, resetKey: RESET_KEYS[fallbacks.source] }),
	);
}

interface Report {
	readonly problems: DataProblem[];
	readonly resetKey: MessageKey;
}

function salvageValue(
	schema: z.core.$ZodType,
	value: unknown,
	fallback: unknown,
	name: string,
	report: Report,
): unknown {
	if (value === undefined) return fallback;
	if (schema instanceof z.ZodMiniObject && isRecord(value)) {
		const fallbacks = isRecord(fallback) ? fallback : {};
		return Object.fromEntries(
			Object.entries<z.core.$ZodType>(schema.shape).map(([key, field]) => [
				key,
				salvageValue(field, value[key], fallbacks[key], `${name}.${key}`, report),
			]),
		);
	}
	if (schema instanceof z.ZodMiniArray && Array.isArray(value)) {
		const valid = value.filter((entry) => z.safeParse(schema.def.element, entry).success);
		if (valid.length < value.length)
			report.problems.push({ key: "data.problem.invalid-entries", params: { field: name } });
		return valid;
	}
	const parsed = z.safeParse(schema, value);
	if (parsed.success) return parsed.data;
	report.problems.push({ key: report.resetKey, params: { field: name } });
	return fallback;
}
