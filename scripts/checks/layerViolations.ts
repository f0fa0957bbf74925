import type { ImportEdge, ImportGraph } from "./importGraph";
import {
	isTestFile,
	LAZY_RULES,
	layerOf,
	LAYERS,
	PACKAGE_RULES,
	type Layer,
	type LazyRule,
	type PackageRule,
} from "./layerRules";

/** One thing the layer check refuses, said so that the line alone tells what to fix. */
export interface LayerViolation {
	readonly kind:
		| "uphill"
		| "sideways"
		| "imports-tests"
		| "forbidden-package"
		| "static-import"
		| "unplaced"
		| "unresolved"
		| "cycle";
	readonly message: string;
}

/**
 * Everything that breaks the layers in `graph`: an import into a higher floor or into a sibling
 * on the same floor, shipped code importing `tests/`, a package a rule keeps out, a module a rule
 * has loaded only through `import()` imported statically, a file no layer
 * holds, an import naming no file, and every import cycle. Test files may import any layer; they are checked only for the
 * names they import and the cycles they are part of.
 */
export function layerViolations(
	graph: ImportGraph,
	layers: readonly Layer[] = LAYERS,
	packageRules: readonly PackageRule[] = PACKAGE_RULES,
	lazyRules: readonly LazyRule[] = LAZY_RULES,
): LayerViolation[] {
	const violations: LayerViolation[] = [];
	for (const [file, imports] of graph) {
		const from = isTestFile(file) ? null : layerOf(file, layers);
		if (from === null && !isTestFile(file)) {
			violations.push({
				kind: "unplaced",
				message: `${file} is in no layer: add its folder to the table in scripts/checks/layerRules.ts`,
			});
			continue;
		}
		for (const edge of imports) {
			const { kind, target } = edge;
			if (kind === "file" && from !== null) violations.push(...lazyViolations(file, edge, lazyRules));
			if (kind === "package") {
				if (from !== null) violations.push(...packageViolations(file, target, packageRules));
				continue;
			}
			const violation = target.startsWith("?")
				? { kind: "unresolved" as const, message: `${file} imports ${target.slice(1)}, which is no file` }
				: from === null
					? null
					: importViolation(file, from, target, layers);
			if (violation !== null) violations.push(violation);
		}
	}
	for (const cycle of importCycles(graph, layers))
		violations.push({ kind: "cycle", message: `import cycle: ${[...cycle, cycle[0]].join(" -> ")}` });
	return violations;
}

function packageViolations(file: string, packageName: string, rules: readonly PackageRule[]): LayerViolation[] {
	const under = (paths: readonly string[]) => paths.some((path) => file === path || file.startsWith(`${path}/`));
	const applies = (rule: PackageRule) => under(rule.paths) && !under(rule.except ?? []);
	return rules
		.filter((rule) => applies(rule) && rule.forbidden(packageName))
		.map((rule) => ({ kind: "forbidden-package" as const, message: `${file} imports ${packageName}: ${rule.why}` }));
}

function lazyViolations(file: string, edge: ImportEdge, rules: readonly LazyRule[]): LayerViolation[] {
	if (edge.dynamic || edge.typeOnly) return [];
	const under = (paths: readonly string[], path: string) =>
		paths.some((folder) => path === folder || path.startsWith(`${folder}/`));
	return rules
		.filter((rule) => under(rule.paths, edge.target) && under(rule.importers, file) && !under(rule.paths, file))
		.map((rule) => ({
			kind: "static-import" as const,
			message: `${file} imports ${edge.target} statically: ${rule.why}`,
		}));
}

function importViolation(file: string, from: Layer, target: string, layers: readonly Layer[]): LayerViolation | null {
	if (isTestFile(target))
		return {
			kind: "imports-tests",
			message: `${file} imports ${target}: code that ships or runs for users never imports tests/`,
		};
	const to = layerOf(target, layers);
	if (to === null || to === from || to.floor < from.floor) return null;
	if (to.floor > from.floor) {
		return {
			kind: "uphill",
			message: `${file} (${from.name}, floor ${from.floor}) imports ${target} (${to.name}, floor ${to.floor}), which is above it`,
		};
	}
	return {
		kind: "sideways",
		message: `${file} (${from.name}) imports ${target} (${to.name}): layers on the same floor stand apart`,
	};
}

/**
 * The import cycles of `graph`, one for each strongly connected set of files (Tarjan's algorithm,
 * iterative so that a deep chain of imports cannot overflow the stack), each shown as its
 * shortest round from the set's first file by name. Type-only imports count, except between two
 * files of a layer that says why its types may refer to each other.
 */
export function importCycles(graph: ImportGraph, layers: readonly Layer[] = LAYERS): string[][] {
	const targetsOf = (file: string) =>
		(graph.get(file) ?? [])
			.filter((edge) => edge.kind === "file" && graph.has(edge.target) && !mayFormCycle(file, edge, layers))
			.map((edge) => edge.target);
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const onStack = new Set<string>();
	const stack: string[] = [];
	const cycles: string[][] = [];
	let next = 0;
	const enter = (file: string) => {
		index.set(file, next);
		low.set(file, next++);
		stack.push(file);
		onStack.add(file);
	};
	for (const start of [...graph.keys()].sort()) {
		if (index.has(start)) continue;
		enter(start);
		const work: { file: string; targets: string[]; next: number }[] = [
			{ file: start, targets: targetsOf(start), next: 0 },
		];
		while (work.length > 0) {
			const top = work[work.length - 1];
			if (top.next < top.targets.length) {
				const target = top.targets[top.next++];
				if (!index.has(target)) {
					enter(target);
					work.push({ file: target, targets: targetsOf(target), next: 0 });
				} else if (onStack.has(target)) {
					low.set(top.file, Math.min(low.get(top.file)!, index.get(target)!));
				}
				continue;
			}
			work.pop();
			if (work.length > 0) {
				const parent = work[work.length - 1].file;
				low.set(parent, Math.min(low.get(parent)!, low.get(top.file)!));
			}
			if (low.get(top.file) !== index.get(top.file)) continue;
			const members = new Set<string>();
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				members.add(member);
			} while (member !== top.file);
			const round = shortestRound(members, targetsOf);
			if (round !== null) cycles.push(round);
		}
	}
	return cycles.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function mayFormCycle(file: string, edge: ImportEdge, layers: readonly Layer[]): boolean {
	if (!edge.typeOnly) return false;
	const layer = layerOf(file, layers);
	return layer?.typeCycles !== undefined && layerOf(edge.target, layers) === layer;
}

/** The shortest path from the set's first file back to itself through the set (breadth first); `null` for a lone file that does not import itself. */
function shortestRound(members: ReadonlySet<string>, targetsOf: (file: string) => string[]): string[] | null {
	const first = [...members].sort()[0];
	const cameFrom = new Map<string, string>();
	let frontier = [first];
	while (frontier.length > 0) {
		const following: string[] = [];
		for (const file of frontier) {
			for (const target of targetsOf(file)
				.filter((candidate) => members.has(candidate))
				.sort()) {
				if (target === first) {
					const round = [file];
					while (round[0] !== first) round.unshift(cameFrom.get(round[0])!);
					return round;
				}
				if (cameFrom.has(target)) continue;
				cameFrom.set(target, file);
				following.push(target);
			}
		}
		frontier = following;
	}
	return null;
}
