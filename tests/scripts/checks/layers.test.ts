import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { ImportEdge, ImportGraph } from "../../../scripts/checks/importGraph";
import { importGraphOf } from "../../../scripts/checks/importGraph";
import { CHECKED_FOLDERS } from "../../../scripts/checks/layerRules";
import { importCycles, layerViolations } from "../../../scripts/checks/layerViolations";

const ROOT = resolve(__dirname, "..", "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

// The check reads every file of the repository, and one case runs it as CI does.
jest.setTimeout(60_000);

const value = (target: string): ImportEdge => ({ kind: "file", target, typeOnly: false, dynamic: false });
const type = (target: string): ImportEdge => ({ kind: "file", target, typeOnly: true, dynamic: false });
const lazy = (target: string): ImportEdge => ({ kind: "file", target, typeOnly: false, dynamic: true });
const packageImport = (target: string, typeOnly = false): ImportEdge => ({
	kind: "package",
	target,
	typeOnly,
	dynamic: false,
});
const graphOf = (edges: Record<string, ImportEdge[]>): ImportGraph => new Map(Object.entries(edges));
const messages = (graph: ImportGraph) =>
	layerViolations(graph).map((violation) => `${violation.kind}: ${violation.message}`);

describe("the layer check", () => {
	it("finds the repository's layers running one way, with no cycle", () => {
		expect(messages(importGraphOf(ROOT, CHECKED_FOLDERS))).toEqual([]);
	});

	it("fails CI on an uphill import and a cycle planted in a copy of the repository", () => {
		const copy = mkdtempSync(join(tmpdir(), "aw-layers-"));
		try {
			for (const folder of CHECKED_FOLDERS) cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
			appendFileSync(join(copy, "src/core/vault/paths.ts"), '\nimport "../agent/loop/runTurn";\n');
			appendFileSync(join(copy, "src/core/text/lineDiff.ts"), '\nimport "./foldedAsMeant";\n');
			appendFileSync(join(copy, "src/core/text/foldedAsMeant.ts"), '\nimport "./lineDiff";\n');
			const run = spawnSync(TSX, [join(ROOT, "scripts/checks/layers.ts"), copy], { encoding: "utf8", cwd: ROOT });
			expect(run.status).toBe(1);
			expect(run.stderr.split("\n")).toEqual(
				expect.arrayContaining([
					"uphill: src/core/vault/paths.ts (vault: paths, privacy view, audited writer, floor 5) imports src/core/agent/loop/runTurn.ts (agent, floor 10), which is above it",
					"cycle: import cycle: src/core/text/foldedAsMeant.ts -> src/core/text/lineDiff.ts -> src/core/text/foldedAsMeant.ts",
				]),
			);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	});

	it("refuses shipped code that imports tests/, while tests import anything", () => {
		const graph = graphOf({
			"scripts/start.ts": [value("tests/harness/viewOf.ts")],
			"tests/harness/viewOf.ts": [value("src/main.ts"), value("sandbox/server/sandboxServer.ts")],
			"sandbox/server/sandboxServer.ts": [],
			"src/main.ts": [],
		});
		expect(messages(graph)).toEqual([
			"imports-tests: scripts/start.ts imports tests/harness/viewOf.ts: code that ships or runs for users never imports tests/",
		]);
	});

	it("keeps the two hosts apart though they stand on the same floor", () => {
		const graph = graphOf({
			"src/obsidian/chat/chatView.ts": [type("headless/vault/diskVault.ts")],
			"headless/vault/diskVault.ts": [],
		});
		expect(messages(graph)).toEqual([
			"sideways: src/obsidian/chat/chatView.ts (Obsidian host) imports headless/vault/diskVault.ts (Node host): layers on the same floor stand apart",
		]);
	});

	it("keeps Obsidian out of the domain and Node out of the plugin and the sandbox's page, types included", () => {
		const graph = graphOf({
			"src/core/memory/daily.ts": [packageImport("obsidian", true), packageImport("date-fns")],
			"src/obsidian/userDailyNotes.ts": [packageImport("obsidian"), packageImport("fs/promises")],
			"headless/inMemory/memoryVault.ts": [packageImport("obsidian", true), packageImport("node:crypto")],
			"headless/vault/diskVault.ts": [packageImport("node:fs")],
		});
		expect(messages(graph)).toEqual([
			"forbidden-package: src/core/memory/daily.ts imports obsidian: the domain, the model client and the desktop modules run on every host, not only in Obsidian",
			"forbidden-package: src/obsidian/userDailyNotes.ts imports fs/promises: the plugin runs on mobile, where Node is not",
			"forbidden-package: headless/inMemory/memoryVault.ts imports node:crypto: the sandbox's page runs it in a browser",
		]);
	});

	it("lets the desktop MCP server import http, and nothing else of Node, nor anything else in src import http", () => {
		const graph = graphOf({
			"src/desktop/mcpHttpServer.ts": [packageImport("http"), packageImport("net", true), packageImport("node:http")],
			"src/desktop/other.ts": [packageImport("http")],
			"src/obsidian/mcp/server.ts": [packageImport("http")],
		});
		expect(messages(graph)).toEqual([
			expect.stringMatching(/^forbidden-package: src\/desktop\/mcpHttpServer\.ts imports net: only `http`/),
			expect.stringMatching(/^forbidden-package: src\/desktop\/mcpHttpServer\.ts imports node:http: only `http`/),
			"forbidden-package: src/desktop/other.ts imports http: the plugin runs on mobile, where Node is not",
			"forbidden-package: src/obsidian/mcp/server.ts imports http: the plugin runs on mobile, where Node is not",
		]);
	});

	it("fails closed on a file no layer holds and on an import that names no file", () => {
		const graph = graphOf({
			"src/newFolder/thing.ts": [],
			"src/core/text/lineDiff.ts": [value("?src/core/text/gone")],
		});
		expect(messages(graph)).toEqual([
			"unplaced: src/newFolder/thing.ts is in no layer: add its folder to the table in scripts/checks/layerRules.ts",
			"unresolved: src/core/text/lineDiff.ts imports src/core/text/gone, which is no file",
		]);
	});

	it("counts type-only imports in a cycle, except between the Obsidian stand-in's own types", () => {
		expect(
			importCycles(
				graphOf({
					"src/core/organize/a.ts": [type("src/core/organize/b.ts")],
					"src/core/organize/b.ts": [value("src/core/organize/a.ts")],
				}),
			),
		).toEqual([["src/core/organize/a.ts", "src/core/organize/b.ts"]]);
		expect(
			importCycles(
				graphOf({
					"sandbox/obsidianApi/app.ts": [type("sandbox/obsidianApi/view.ts")],
					"sandbox/obsidianApi/view.ts": [type("sandbox/obsidianApi/app.ts")],
				}),
			),
		).toEqual([]);
		expect(
			importCycles(
				graphOf({
					"sandbox/obsidianApi/app.ts": [value("sandbox/obsidianApi/view.ts")],
					"sandbox/obsidianApi/view.ts": [value("sandbox/obsidianApi/app.ts")],
				}),
			),
		).toEqual([["sandbox/obsidianApi/app.ts", "sandbox/obsidianApi/view.ts"]]);
	});

	it("shows a cycle as its shortest round, from its first file by name", () => {
		const graph = graphOf({
			"src/core/memory/a.ts": [value("src/core/memory/b.ts"), value("src/core/memory/d.ts")],
			"src/core/memory/b.ts": [value("src/core/memory/c.ts")],
			"src/core/memory/c.ts": [value("src/core/memory/a.ts")],
			"src/core/memory/d.ts": [value("src/core/memory/a.ts")],
		});
		expect(importCycles(graph)).toEqual([["src/core/memory/a.ts", "src/core/memory/d.ts"]]);
	});

	it("lets the plugin load the desktop-only modules through import() alone, and the headless host as it likes", () => {
		const graph = graphOf({
			"src/obsidian/mcp/mcpServerController.ts": [
				lazy("src/desktop/mcpHttpServer.ts"),
				type("src/desktop/mcpHttpServer.ts"),
			],
			"src/obsidian/mcp/eager.ts": [value("src/desktop/mcpHttpServer.ts")],
			"src/main.ts": [value("src/desktop/mcpHttpServer.ts")],
			"headless/mcp/main.ts": [value("src/desktop/mcpHttpServer.ts")],
			"src/desktop/mcpHttpServer.ts": [],
		});
		const why =
			"it requires Node's modules, which a phone does not have: the plugin loads it with import(), on desktop only";
		expect(messages(graph)).toEqual([
			`static-import: src/obsidian/mcp/eager.ts imports src/desktop/mcpHttpServer.ts statically: ${why}`,
			`static-import: src/main.ts imports src/desktop/mcpHttpServer.ts statically: ${why}`,
		]);
	});

	it("tells a dynamic import() from a static one and from a type's import(), in the files it reads", () => {
		const root = mkdtempSync(join(tmpdir(), "aw-lazy-"));
		try {
			mkdirSync(join(root, "src"));
			writeFileSync(join(root, "src/late.ts"), "export const late = 1;\n");
			writeFileSync(
				join(root, "src/early.ts"),
				'import { late } from "./late";\nexport type Late = typeof import("./late");\nexport const load = () => import("./late");\n',
			);
			const edges = importGraphOf(root, ["src"]).get("src/early.ts") ?? [];
			expect(edges.map(({ typeOnly, dynamic }) => ({ typeOnly, dynamic }))).toEqual([
				{ typeOnly: false, dynamic: false },
				{ typeOnly: true, dynamic: false },
				{ typeOnly: false, dynamic: true },
			]);
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});
});
