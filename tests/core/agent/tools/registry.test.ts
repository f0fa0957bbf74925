import { MEMORY_TOOLS, runTool } from "../../../../src/core/agent/tools";
import { toolsOver } from "./toolFixture";

describe("the memory tool registry", () => {
	it("offers three tools, each with a description and a JSON Schema for the model", () => {
		expect([...MEMORY_TOOLS.keys()]).toEqual(["memory_search", "memory_get", "memory_recent"]);
		for (const tool of MEMORY_TOOLS.values()) {
			expect(tool.description.length).toBeGreaterThan(100);
			expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
			expect(tool.inputSchema).not.toHaveProperty("$schema");
			for (const property of Object.values(tool.inputSchema.properties ?? {}))
				expect(property).toHaveProperty("description");
		}
	});

	it("describes each tool's arguments: types, bounds, defaults, what is required", () => {
		expect(MEMORY_TOOLS.get("memory_search")?.inputSchema).toMatchObject({
			required: ["query"],
			properties: {
				query: { type: "string", minLength: 1, maxLength: 2000 },
				tags: { type: "array", items: { type: "string" } },
				kind: { enum: ["daily", "weekly", "longterm", "inbox", "notes"] },
				folder: { type: "string" },
				since: { type: "string" },
				until: { type: "string" },
				limit: { type: "integer", minimum: 1, maximum: 20, default: 5 },
			},
		});
		expect(MEMORY_TOOLS.get("memory_get")?.inputSchema).toMatchObject({
			required: ["path"],
			properties: {
				line_start: { type: "integer", minimum: 1 },
				line_end: { type: "integer", minimum: 1 },
				cursor: { type: "string" },
			},
		});
		expect(MEMORY_TOOLS.get("memory_recent")?.inputSchema).toMatchObject({
			properties: { days: { type: "integer", minimum: 1, maximum: 7, default: 3 } },
		});
		expect(MEMORY_TOOLS.get("memory_recent")?.inputSchema.required).toBeUndefined();
	});

	it("answers an unknown tool with an error that names the tools", async () => {
		const { deps } = await toolsOver({});
		expect(await runTool("memory_delete", {}, deps)).toEqual({
			text: 'Error: there is no tool named "memory_delete". Tools: memory_search, memory_get, memory_recent.',
			isError: true,
		});
	});

	it("never throws: a failure of the vault comes back as an error result", async () => {
		const { deps } = await toolsOver({ "a.md": "alpha" });
		const failing = {
			...deps,
			vault: Object.assign(Object.create(deps.vault) as typeof deps.vault, {
				read: () => Promise.reject(new Error("disk unplugged")),
			}),
		};
		expect(await runTool("memory_get", { path: "a.md" }, failing)).toEqual({
			text: "Error: memory_get failed: disk unplugged",
			isError: true,
		});
		for (const input of [null, undefined, 42, [], "text"]) {
			for (const name of MEMORY_TOOLS.keys())
				await expect(runTool(name, input, deps)).resolves.toMatchObject({ isError: true });
		}
	});
});
