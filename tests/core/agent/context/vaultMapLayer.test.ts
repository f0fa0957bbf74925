import { assembleContext } from "../../../../src/core/agent/context";
import { VAULT_MAP_LAYER_CHARS } from "../../../../src/core/organize/vaultMapText";
import { sessionPrepareRequest } from "../../../harness/sessionRequest";
import { viewOf } from "../../../harness/viewOf";
import { layoutFor } from "../../../../src/core/workspace/layout";
import { memoryOverVault } from "../../../../scripts/lib/headlessMemory";
import { MemoryVault } from "../../../../headless/inMemory/memoryVault";
import { clockAt, contextInput, NOW } from "./contextFixture";

const MAP = [
	"# Vault map",
	"",
	"My own notes on the map: never sent.",
	"",
	"> [!assistant] Assistant notes",
	"> | Folder | Role | Notes | What is in it | Most linked |",
	"> | --- | --- | --- | --- | --- |",
	"> | Projects | Projects | 12 | Notes of ongoing projects. | [[Projects/Thesis\\|Thesis]] |",
	"> | Notes | Notes | 40 | Notes on topics and ideas. |  |",
	"",
].join("\n");

function vaultMapBlock(text: string | null) {
	const context = assembleContext(contextInput({ vaultMap: text === null ? null : { path: "Vault map.md", text } }));
	return {
		sent: context.system.find((block) => block.text.startsWith("<vault-map>"))?.text ?? null,
		report: context.report.layers.find((layer) => layer.layer === "vault-map"),
	};
}

describe("the vault map layer", () => {
	it("sends the map's generated table, not the user's words around it", () => {
		const { sent, report } = vaultMapBlock(MAP);
		expect(sent).toContain("| Projects | Projects | 12 | Notes of ongoing projects. | [[Projects/Thesis\\|Thesis]] |");
		expect(sent).toContain("from Vault map.md");
		expect(sent).not.toContain("My own notes");
		expect(report?.tokens).toBeGreaterThan(0);
	});

	it("sends nothing without a map, and counts the folders a long map leaves out", () => {
		expect(vaultMapBlock(null)).toEqual({
			sent: null,
			report: expect.objectContaining({ skipped: "no vault map note" }),
		});
		const rows = Array.from({ length: 200 }, (_, n) => `> | Folder ${n} | Notes | 3 | Notes on topics and ideas. |  |`);
		const { sent } = vaultMapBlock([MAP.trimEnd(), ...rows, ""].join("\n"));
		expect(sent!.length).toBeLessThan(VAULT_MAP_LAYER_CHARS + 100);
		expect(sent).toMatch(/\(\d+ more folders not listed: read Vault map\.md for them\.\)/);
	});
});

describe("a chat turn's context", () => {
	it.each(["Vault map.md", "仓库地图.md"])(
		"carries the vault map note of the assistant folder, named %s",
		async (name) => {
			const vault = new MemoryVault({ files: { [name]: MAP, "Projects/Thesis.md": "# Thesis\n" } });
			const layout = layoutFor("");
			const { deps } = await memoryOverVault(
				{ files: vault, metadata: vault, view: viewOf(vault, {}, layout) },
				{ layout, clock: clockAt(NOW), recentDailyMemory: () => Promise.resolve([]) },
			);
			const request = await sessionPrepareRequest(deps, [])([], "Where do my project notes go?");
			expect(request.system.map((block) => block.text).join("\n")).toContain(
				`<vault-map>\nThe user's folders, from ${name}`,
			);
		},
	);
});
