import * as z from "zod/mini";

type JsonSchema = Record<string, unknown>;
type Checks = readonly z.core.$ZodCheck[] | undefined;

/**
 * The JSON Schema of a tool's arguments as the model sends them, for exactly the zod mini shapes
 * the tools are written with: objects, strings, numbers and integers, booleans, string enums,
 * arrays, optional and defaulted fields, their length and range checks and descriptions. It
 * gives what `z.toJSONSchema(schema, { io: "input" })` gives for them (a test holds the two
 * together for every tool), without bundling zod's general generator. A shape or check it does
 * not know is an error, not a schema that tells the model less than the tool checks.
 */
export function toolJsonSchema(schema: z.ZodMiniType): JsonSchema {
	const json = shapeOf(schema);
	const description = z.globalRegistry.get(schema)?.description;
	if (description !== undefined) json.description = description;
	return json;
}

function shapeOf(schema: z.ZodMiniType): JsonSchema {
	const def = schema._zod.def;
	switch (def.type) {
		case "object":
			return objectOf(def as z.core.$ZodObjectDef);
		case "string":
			return { type: "string", ...lengthsOf(def.checks, "minLength", "maxLength") };
		case "number":
			return numberOf(def.checks);
		case "boolean":
			return withoutChecks(def.checks, { type: "boolean" });
		case "enum":
			return enumOf(def as z.core.$ZodEnumDef);
		case "array": {
			const { element } = def as z.core.$ZodArrayDef;
			return {
				...lengthsOf(def.checks, "minItems", "maxItems"),
				type: "array",
				items: toolJsonSchema(element as z.ZodMiniType),
			};
		}
		case "optional":
			return toolJsonSchema((def as z.core.$ZodOptionalDef).innerType as z.ZodMiniType);
		case "default": {
			const { innerType, defaultValue } = def as z.core.$ZodDefaultDef;
			return { default: defaultValue, ...toolJsonSchema(innerType as z.ZodMiniType) };
		}
		default:
			throw new TypeError(`A tool argument of type "${def.type}" has no JSON Schema here.`);
	}
}

function objectOf(def: z.core.$ZodObjectDef): JsonSchema {
	const fields = Object.entries(def.shape);
	const json: JsonSchema = {
		type: "object",
		properties: Object.fromEntries(fields.map(([key, field]) => [key, toolJsonSchema(field as z.ZodMiniType)])),
	};
	// A field with a default may be left out by the model: only the others are required.
	const required = fields.filter(([, field]) => field._zod.optin === undefined).map(([key]) => key);
	if (required.length > 0) json.required = required;
	// Only strict objects: a tool never takes arguments it does not name.
	if (def.catchall?._zod.def.type !== "never") throw new TypeError("A tool's arguments must be a strict object.");
	json.additionalProperties = false;
	return withoutChecks(def.checks, json);
}

function enumOf(def: z.core.$ZodEnumDef): JsonSchema {
	const values = Object.values(def.entries);
	if (values.length === 0 || !values.every((value) => typeof value === "string"))
		throw new TypeError("A tool's enum must list strings.");
	return withoutChecks(def.checks, { type: "string", enum: values });
}

function numberOf(checks: Checks): JsonSchema {
	let integer = false;
	const bounds: { minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number } = {};
	const narrow = (key: keyof typeof bounds, value: number, tighter: (a: number, b: number) => boolean) => {
		const current = bounds[key];
		if (current === undefined || tighter(value, current)) bounds[key] = value;
	};
	for (const def of checksOf(checks)) {
		if (def.check === "number_format" && def.format === "safeint") {
			integer = true;
			narrow("minimum", Number.MIN_SAFE_INTEGER, (a, b) => a > b);
			narrow("maximum", Number.MAX_SAFE_INTEGER, (a, b) => a < b);
		} else if (def.check === "greater_than")
			narrow(def.inclusive ? "minimum" : "exclusiveMinimum", Number(def.value), (a, b) => a > b);
		else if (def.check === "less_than")
			narrow(def.inclusive ? "maximum" : "exclusiveMaximum", Number(def.value), (a, b) => a < b);
		else throw new TypeError(`A number check "${def.check}" has no JSON Schema here.`);
	}
	const json: JsonSchema = { type: integer ? "integer" : "number" };
	// Of an inclusive and an exclusive bound on the same side, the schema keeps the tighter one.
	if (bounds.exclusiveMinimum !== undefined && bounds.exclusiveMinimum >= (bounds.minimum ?? -Infinity))
		json.exclusiveMinimum = bounds.exclusiveMinimum;
	else if (bounds.minimum !== undefined) json.minimum = bounds.minimum;
	if (bounds.exclusiveMaximum !== undefined && bounds.exclusiveMaximum <= (bounds.maximum ?? Infinity))
		json.exclusiveMaximum = bounds.exclusiveMaximum;
	else if (bounds.maximum !== undefined) json.maximum = bounds.maximum;
	return json;
}

/** The tightest `min_length` and `max_length` checks, under the keywords of the shape (strings or arrays). */
function lengthsOf(checks: Checks, minKey: string, maxKey: string): JsonSchema {
	const json: Record<string, number> = {};
	for (const def of checksOf(checks)) {
		if (def.check === "min_length") json[minKey] = Math.max(json[minKey] ?? -Infinity, def.minimum);
		else if (def.check === "max_length") json[maxKey] = Math.min(json[maxKey] ?? Infinity, def.maximum);
		else throw new TypeError(`A check "${def.check}" has no JSON Schema here.`);
	}
	return json;
}

/** The schema of a shape that takes no checks of its own (an object's refinements are the tool's). */
function withoutChecks(checks: Checks, json: JsonSchema): JsonSchema {
	const [check] = checksOf(checks);
	if (check !== undefined) throw new TypeError(`A check "${check.check}" has no JSON Schema here.`);
	return json;
}

type CheckDef =
	| z.core.$ZodCheckNumberFormatDef
	| z.core.$ZodCheckGreaterThanDef
	| z.core.$ZodCheckLessThanDef
	| z.core.$ZodCheckMinLengthDef
	| z.core.$ZodCheckMaxLengthDef;

/**
 * The checks that shape the schema; refinements (which JSON Schema cannot say, and which the
 * tool checks itself, with its own message) and descriptions (read from the registry) are not.
 */
function checksOf(checks: Checks): CheckDef[] {
	return (checks ?? [])
		.map((check) => check._zod.def)
		.filter((def): def is CheckDef => def.check !== "custom" && def.check !== "describe");
}
