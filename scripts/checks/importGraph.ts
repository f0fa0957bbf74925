import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import * as ts from "typescript";

/**
 * One import: of a file of ours (`target` is its path from the repository's root, with `/`) or
 * of a package (`target` is the name imported, `obsidian`, `node:fs`), whether it brings types
 * only, and whether it is a dynamic `import()`, which loads the module only when it runs.
 */
export interface ImportEdge {
	readonly kind: "file" | "package";
	readonly target: string;
	readonly typeOnly: boolean;
	readonly dynamic: boolean;
}

/** Every TypeScript file (by its path from the repository's root) and what it imports. */
export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

/** What a relative import may name: the file, the file without its extension, or a folder's `index.ts`. */
const CANDIDATES = ["", ".ts", "/index.ts"];

/**
 * The import graph of the TypeScript files under `folders` of `root`: `import`, `export … from`,
 * `import x = require()`, `import()` and `require()`, type-only imports included and marked (a
 * type names the module it comes from as much as a value does). A relative import is an edge to
 * a file; one that names no file is an edge to `?` + what it names, so that a broken path is
 * reported, not skipped. Any other import is an edge to a package.
 */
export function importGraphOf(root: string, folders: readonly string[]): ImportGraph {
	const graph = new Map<string, ImportEdge[]>();
	for (const folder of folders) {
		for (const file of typeScriptFilesUnder(join(root, folder))) {
			const edges = importsOf(file).map(({ specifier, typeOnly, dynamic }): ImportEdge =>
				specifier.startsWith(".")
					? { kind: "file", target: resolveImport(root, file, specifier), typeOnly, dynamic }
					: { kind: "package", target: specifier, typeOnly, dynamic },
			);
			graph.set(repoPath(root, file), edges);
		}
	}
	return graph;
}

interface FoundImport {
	readonly specifier: string;
	readonly typeOnly: boolean;
	readonly dynamic: boolean;
}

function importsOf(file: string): FoundImport[] {
	const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
	const found: FoundImport[] = [];
	const visit = (node: ts.Node): void => {
		const specifier = moduleNamed(node);
		if (specifier !== null) found.push({ specifier, typeOnly: bringsTypesOnly(node), dynamic: isDynamicImport(node) });
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

function moduleNamed(node: ts.Node): string | null {
	if (
		(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
		node.moduleSpecifier &&
		ts.isStringLiteral(node.moduleSpecifier)
	)
		return node.moduleSpecifier.text;
	if (
		ts.isImportEqualsDeclaration(node) &&
		ts.isExternalModuleReference(node.moduleReference) &&
		ts.isStringLiteral(node.moduleReference.expression)
	) {
		return node.moduleReference.expression.text;
	}
	if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
		return node.argument.literal.text;
	if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
		const callee = node.expression;
		if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require"))
			return node.arguments[0].text;
	}
	return null;
}

/** `import("…")` as a call, loading the module when it runs (not `import("…").T` in a type, nor `require`). */
function isDynamicImport(node: ts.Node): boolean {
	return ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;
}

/** `import type`, `export type`, an import whose every name is `type`, and `import("…").T` in a type. */
function bringsTypesOnly(node: ts.Node): boolean {
	if (ts.isImportTypeNode(node)) return true;
	if (ts.isImportDeclaration(node)) {
		const clause = node.importClause;
		if (clause === undefined) return false;
		if (clause.isTypeOnly) return true;
		const named = clause.namedBindings;
		return (
			clause.name === undefined &&
			named !== undefined &&
			ts.isNamedImports(named) &&
			named.elements.length > 0 &&
			named.elements.every((element) => element.isTypeOnly)
		);
	}
	if (ts.isExportDeclaration(node)) {
		if (node.isTypeOnly) return true;
		const named = node.exportClause;
		return (
			named !== undefined &&
			ts.isNamedExports(named) &&
			named.elements.length > 0 &&
			named.elements.every((element) => element.isTypeOnly)
		);
	}
	return false;
}

function resolveImport(root: string, from: string, specifier: string): string {
	const base = join(dirname(from), specifier);
	const found = CANDIDATES.map((ending) => base + ending).find(
		(candidate) => existsSync(candidate) && statSync(candidate).isFile(),
	);
	return found === undefined ? `?${repoPath(root, base)}` : repoPath(root, found);
}

function repoPath(root: string, file: string): string {
	return relative(root, file).split(sep).join(posix.sep);
}

function typeScriptFilesUnder(path: string): string[] {
	if (!existsSync(path)) return [];
	if (statSync(path).isFile()) return path.endsWith(".ts") ? [path] : [];
	return readdirSync(path, { withFileTypes: true })
		.filter((entry) => entry.name !== "node_modules")
		.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
		.flatMap((entry) => typeScriptFilesUnder(join(path, entry.name)));
}
