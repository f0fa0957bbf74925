import { parse, type Node } from "acorn";

/** A piece of `main.js` that the oldest Safari Obsidian runs on (iOS and iPadOS 15) cannot parse or run. */
export interface SyntaxProblem {
	readonly line: number;
	readonly column: number;
	readonly what: string;
}

/**
 * Safari 15 parses ES2022 except class static blocks and reads regexes without lookbehind,
 * which came in 16.4; the `v` flag and later syntax came later still. A parse as ES2022 scripts
 * (no hashbang, no top-level await: Obsidian evaluates `main.js` as a function body) catches
 * what is newer; the walk catches the two ES2022 gaps and the regexes built from strings, which
 * no parser checks and which esbuild makes of a lookbehind literal when its target lacks it.
 */
export function findUnsupportedSyntax(source: string): SyntaxProblem[] {
	let program: Node;
	try {
		program = parse(source, { ecmaVersion: 2022, sourceType: "script", allowHashBang: false, locations: true });
	} catch (error) {
		const { line, column } = (error as { loc?: { line: number; column: number } }).loc ?? { line: 1, column: 0 };
		return [{ line, column, what: `does not parse as an ES2022 script (${(error as Error).message})` }];
	}
	const problems: SyntaxProblem[] = [];
	visit(program as AnyNode, (node) => {
		const what = problemOf(node);
		if (what !== undefined && node.loc)
			problems.push({ line: node.loc.start.line, column: node.loc.start.column, what });
	});
	return problems;
}

type AnyNode = Node & { readonly [field: string]: unknown };

function problemOf(node: AnyNode): string | undefined {
	if (node.type === "StaticBlock") return "a class static block (Safari 16.4)";
	if (node.type === "Literal" && isRegexLiteral(node) && hasLookbehind(node.regex.pattern)) {
		return `a regex lookbehind (Safari 16.4): /${node.regex.pattern}/${node.regex.flags}`;
	}
	if ((node.type === "CallExpression" || node.type === "NewExpression") && isRegExpConstructor(node.callee)) {
		const [pattern, flags] = node.arguments as readonly AnyNode[];
		if (pattern !== undefined && stringParts(pattern).some(hasLookbehind))
			return "a regex lookbehind built with RegExp (Safari 16.4)";
		if (flags !== undefined && stringParts(flags).some((text) => text.includes("v")))
			return "the regex v flag built with RegExp (Safari 17)";
	}
	return undefined;
}

function isRegexLiteral(
	node: AnyNode,
): node is AnyNode & { readonly regex: { readonly pattern: string; readonly flags: string } } {
	return typeof node.regex === "object" && node.regex !== null;
}

/** `RegExp`, `globalThis.RegExp` or `window.RegExp`, called or constructed. */
function isRegExpConstructor(callee: unknown): boolean {
	const node = callee as AnyNode;
	if (node.type === "Identifier") return node.name === "RegExp";
	if (node.type !== "MemberExpression" || node.computed === true) return false;
	return (node.property as AnyNode).type === "Identifier" && (node.property as AnyNode).name === "RegExp";
}

/** The literal text of a string or template argument (each fixed part of a template with values). */
function stringParts(node: AnyNode): string[] {
	if (node.type === "Literal" && typeof node.value === "string") return [node.value];
	if (node.type === "TemplateLiteral")
		return (node.quasis as ReadonlyArray<{ value: { cooked?: string | null } }>).map(
			(quasi) => quasi.value.cooked ?? "",
		);
	if (node.type === "BinaryExpression" && node.operator === "+")
		return [...stringParts(node.left as AnyNode), ...stringParts(node.right as AnyNode)];
	return [];
}

/** Whether a regex pattern opens a `(?<=` or `(?<!` group, outside escapes and character classes. */
export function hasLookbehind(pattern: string): boolean {
	let inClass = false;
	for (let i = 0; i < pattern.length; i++) {
		const char = pattern[i];
		if (char === "\\") i++;
		else if (inClass) inClass = char !== "]";
		else if (char === "[") inClass = true;
		else if (char === "(" && (pattern.startsWith("?<=", i + 1) || pattern.startsWith("?<!", i + 1))) return true;
	}
	return false;
}

function visit(node: AnyNode, onNode: (node: AnyNode) => void): void {
	onNode(node);
	for (const value of Object.values(node)) {
		for (const child of Array.isArray(value) ? value : [value]) {
			if (typeof child === "object" && child !== null && typeof (child as AnyNode).type === "string")
				visit(child as AnyNode, onNode);
		}
	}
}
