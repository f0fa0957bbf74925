import * as z from "zod/mini";
import { ASSISTANT_TOOLS, defineTool, type MemoryToolDeps } from "../../../../src/core/agent/tools";
import { captureNoteInput } from "../../../../src/core/agent/tools/captureNote";
import { checkpointInput } from "../../../../src/core/agent/tools/checkpoint";
import { identityUpdateInput } from "../../../../src/core/agent/tools/identityUpdate";
import { memoryAppendInput } from "../../../../src/core/agent/tools/memoryAppend";
import { memoryGetInput } from "../../../../src/core/agent/tools/memoryGet";
import { memoryHistoryInput } from "../../../../src/core/agent/tools/memoryHistory";
import { memoryRecentInput } from "../../../../src/core/agent/tools/memoryRecent";
import { memorySearchInput } from "../../../../src/core/agent/tools/memorySearch";
import { noteAnnotateInput } from "../../../../src/core/agent/tools/noteAnnotate";
import { noteEditInput } from "../../../../src/core/agent/tools/noteEdit";
import { toolJsonSchema } from "../../../../src/core/agent/tools/toolJsonSchema";

/** What makes each tool's arguments schema, by the tool's name. */
const INPUTS: Readonly<Record<string, () => z.ZodMiniType>> = {
	memory_search: memorySearchInput,
	memory_get: memoryGetInput,
	memory_recent: memoryRecentInput,
	memory_history: memoryHistoryInput,
	memory_append: memoryAppendInput,
	capture_note: captureNoteInput,
	checkpoint: checkpointInput,
	identity_update: identityUpdateInput,
	note_annotate: noteAnnotateInput,
	note_edit: noteEditInput,
};

/** What zod's own generator says the model may send (the bundle leaves the generator out; the test keeps it as the reference). */
function zodInputSchema(schema: z.ZodMiniType): Record<string, unknown> {
	const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
	return json;
}

describe("the JSON Schema the model reads for each tool", () => {
	it("covers every tool the assistant offers", () => {
		expect(Object.keys(INPUTS).sort()).toEqual([...ASSISTANT_TOOLS.keys()].sort());
	});

	it.each(Object.keys(INPUTS))("is what zod's generator gives for %s", (name) => {
		expect(ASSISTANT_TOOLS.get(name)?.inputSchema).toEqual(zodInputSchema(INPUTS[name]()));
	});

	it("matches zod on the shapes no tool uses yet: booleans, exclusive bounds, two bounds on a side", () => {
		const schema = z.strictObject({
			flag: z.optional(z.boolean().check(z.describe("A switch."))),
			ratio: z.number().check(z.gt(0), z.lt(1), z.minimum(-1)),
			count: z.number().check(z.int(), z.maximum(10), z.maximum(5), z.minimum(0), z.minimum(2)),
			words: z.array(z.string()).check(z.minLength(1), z.minLength(2), z.maxLength(4)),
		});
		expect(toolJsonSchema(schema)).toEqual(zodInputSchema(schema));
	});

	it("refuses a shape it cannot say exactly, rather than telling the model less than the tool checks", () => {
		expect(() => toolJsonSchema(z.object({ a: z.string() }))).toThrow("A tool's arguments must be a strict object.");
		expect(() => toolJsonSchema(z.strictObject({ a: z.union([z.string(), z.number()]) }))).toThrow(
			'A tool argument of type "union"',
		);
		expect(() => toolJsonSchema(z.strictObject({ a: z.string().check(z.regex(/^a/)) }))).toThrow(
			'A check "string_format"',
		);
		expect(() => toolJsonSchema(z.strictObject({ a: z.number().check(z.multipleOf(2)) }))).toThrow(
			'A number check "multiple_of"',
		);
	});

	it("is built when first read, not when the tool is defined (the plugin loads without building any)", () => {
		const tool = defineTool({
			name: "later",
			description: "Built on demand.",
			effect: "read",
			schema: () => z.strictObject({ a: z.union([z.string(), z.number()]) }),
			describe: { label: () => ({ key: "chip.memory_recent" }), locations: "read" },
			run: () => Promise.resolve({ text: "", isError: false }),
		});
		expect(tool.name).toBe("later");
		expect(() => tool.inputSchema).toThrow('A tool argument of type "union"');
	});

	it("and its zod schema is made once, when the tool is first offered or called", async () => {
		let made = 0;
		const tool = defineTool({
			name: "counted",
			description: "Made on demand.",
			effect: "read",
			schema: () => (made++, z.strictObject({ a: z.string() })),
			describe: { label: () => ({ key: "chip.memory_recent" }), locations: "read" },
			run: (input) => Promise.resolve({ text: input.a, isError: false }),
		});
		expect(made).toBe(0);
		expect((await tool.run({ a: "x" }, {} as MemoryToolDeps)).text).toBe("x");
		expect((await tool.run({ a: 1 }, {} as MemoryToolDeps)).isError).toBe(true);
		expect(tool.inputSchema.required).toEqual(["a"]);
		expect(made).toBe(1);
	});

	it("is not built while the chat and the heartbeat load, nor their tools weighed", async () => {
		let built = 0;
		await jest.isolateModulesAsync(async () => {
			jest.doMock("../../../../src/core/agent/tools/toolJsonSchema", () => {
				const actual = jest.requireActual<typeof import("../../../../src/core/agent/tools/toolJsonSchema")>(
					"../../../../src/core/agent/tools/toolJsonSchema",
				);
				return { toolJsonSchema: (schema: z.ZodMiniType) => (built++, actual.toolJsonSchema(schema)) };
			});
			await import("../../../../src/core/agent/session");
			await import("../../../../src/core/heartbeat");
		});
		expect(built).toBe(0);
	});
});
