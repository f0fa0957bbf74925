import * as z from "zod/mini";
import type { ToolDefinition } from "../../model/modelClient";
import { argumentErrors } from "./argumentErrors";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { boundOutput } from "./outputBound";
import type { ToolDescriber } from "./toolDescriber";
import { failedToolResult } from "./toolFailure";
import { toolJsonSchema } from "./toolJsonSchema";
import { toolError, type ToolResult } from "./toolResult";

/** A tool's arguments as JSON Schema, in the shape the Messages API takes as `input_schema`. */
export interface ToolInputSchema {
	readonly type: "object";
	readonly properties?: Readonly<Record<string, unknown>>;
	readonly required?: readonly string[];
	readonly [keyword: string]: unknown;
}

/**
 * What a call of the tool does to the vault, which the turn's budgets count: `read` changes
 * nothing, `write` adds to a note, `create` makes a new note, `identity` adds to an identity file
 * (the last two are writes too), `propose` proposes a change the user may approve later (it
 * writes nothing, and is counted apart from writes).
 */
export type ToolEffect = "read" | "write" | "create" | "identity" | "propose";

/**
 * A tool as the agent loop and the command line see it. `Deps` is what it runs over: the read
 * tools need `MemoryToolDeps`, the tools that write `WriteToolDeps`.
 */
export interface MemoryTool<Deps extends MemoryToolDeps = MemoryToolDeps> {
	readonly name: string;
	/** For the model: what the tool does and when to call it. */
	readonly description: string;
	readonly effect: ToolEffect;
	readonly inputSchema: ToolInputSchema;
	/** How the chat shows a call: its chip's label and what the notes its result names are. */
	readonly describe: ToolDescriber;
	/**
	 * Runs the tool on arguments as the model sent them. Never throws: bad arguments and failures
	 * come back as error results, and every answer is bounded (`boundOutput`).
	 */
	run(input: unknown, deps: Deps): Promise<ToolResult>;
}

/** The tool as a request declares it to the model; its schema is read only when a request is built. */
export function toolDefinitionOf(tool: Pick<MemoryTool, "name" | "description" | "inputSchema">): ToolDefinition {
	return {
		name: tool.name,
		description: tool.description,
		get inputSchema() {
			return tool.inputSchema;
		},
	};
}

export interface ToolSpec<Schema extends z.ZodMiniType, Deps extends MemoryToolDeps = MemoryToolDeps> {
	readonly name: string;
	readonly description: string;
	readonly effect: ToolEffect;
	/**
	 * Makes the zod mini object schema whose descriptions are what the model reads about each
	 * argument: when the tool is first offered or called, not while the plugin loads.
	 */
	readonly schema: () => Schema;
	readonly describe: ToolDescriber;
	run(input: z.output<Schema>, deps: Deps): Promise<ToolResult>;
}

export function defineTool<Schema extends z.ZodMiniType, Deps extends MemoryToolDeps = MemoryToolDeps>(
	spec: ToolSpec<Schema, Deps>,
): MemoryTool<Deps> {
	let schema: Schema | undefined;
	const schemaNow = () => (schema ??= spec.schema());
	let inputSchema: ToolInputSchema | undefined;
	return {
		name: spec.name,
		description: spec.description,
		effect: spec.effect,
		// Built when a request first offers the tool, not when the plugin loads.
		get inputSchema() {
			inputSchema ??= inputSchemaOf(schemaNow());
			return inputSchema;
		},
		describe: spec.describe,
		async run(input, deps) {
			const parsed = parseArguments(schemaNow(), input);
			if (!parsed.ok) return toolError(`invalid arguments for ${spec.name}:\n${parsed.message}`);
			try {
				const result = await spec.run(parsed.value, deps);
				return { ...result, text: boundOutput(result.text) };
			} catch (error) {
				return failedToolResult(spec.name, error);
			}
		},
	};
}

/** Validates `input` against a tool's schema, with the messages the model would get. */
export function parseArguments<Schema extends z.ZodMiniType>(
	schema: Schema,
	input: unknown,
): { readonly ok: true; readonly value: z.output<Schema> } | { readonly ok: false; readonly message: string } {
	// Per parse: a global `z.config` would change the messages of every schema of the plugin.
	const parsed = schema.safeParse(input, { error: argumentErrors });
	return parsed.success
		? { ok: true, value: parsed.data }
		: { ok: false, message: describeIssues(parsed.error.issues) };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
	return issues
		.map((issue) => `- ${issue.path.length === 0 ? "arguments" : issue.path.join(".")}: ${issue.message}`)
		.join("\n");
}

/** The schema as the model reads it: arguments with defaults are optional. */
function inputSchemaOf(schema: z.ZodMiniType): ToolInputSchema {
	const jsonSchema = toolJsonSchema(schema);
	if (jsonSchema.type !== "object") throw new TypeError("A tool's arguments must be an object schema.");
	return { ...jsonSchema, type: "object" };
}
