import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BuildOptions } from "esbuild";
import { buildBundleInMemory, packageFolderOfInput } from "./bundleMetafile";
import { MCP_BUNDLE, MCP_BUNDLED_LIBRARIES, MCP_NOTICES, mcpBuildOptions } from "./mcpBuildOptions.mjs";
import { BUNDLED_LIBRARIES, pluginBuildOptions } from "./pluginBuild.mjs";

/**
 * `npm run notices` writes the notices of each file a release ships that bundles libraries
 * (THIRD_PARTY_NOTICES.md for `main.js`, THIRD_PARTY_NOTICES-mcp.md for the MCP server's single
 * file) from what that bundle actually holds (esbuild's metafile) and each package's own license
 * and notice files; `npm run notices -- --check` (in CI) fails when a file is not what its bundle
 * needs, when a bundle's packages are not the ones its banner names, or when one of them is not
 * under a permissive license.
 */

const REPO = join(__dirname, "..", "..");

/**
 * The licenses a bundled library may have: they let the bundle ship under MIT with their notices
 * beside it. Anything else (a copyleft license, none at all) is a decision for a person, not a build.
 */
const PERMISSIVE_LICENSES: ReadonlySet<string> = new Set([
	"MIT",
	"ISC",
	"BSD-2-Clause",
	"BSD-3-Clause",
	"Apache-2.0",
	"0BSD",
]);

/** One shipped file that bundles libraries, and where its notices go. */
interface NoticedBundle {
	readonly file: string;
	readonly notices: string;
	readonly options: BuildOptions;
	readonly libraries: ReadonlyArray<{ readonly name: string; readonly license: string }>;
	/** Where its banner's list of libraries is kept, for the message that asks to update it. */
	readonly librariesDefinedIn: string;
	/** The libraries its build changes (the MCP server's build changes none). */
	readonly changes: Readonly<Record<string, readonly string[]>>;
}

const LICENSE_FILES = ["LICENSE", "LICENSE.md", "LICENSE.txt", "LICENSE-MIT", "NOTICE", "NOTICE.md", "NOTICE.txt"];

/** What the build changes in a library, which its license (Apache-2.0 §4(b)) asks to be stated. */
const CHANGES: Readonly<Record<string, readonly string[]>> = {
	"@anthropic-ai/sdk": [
		"`internal/utils/path.mjs`: the check of path parameters for `.` and `..` segments is rewritten without a regex lookbehind, which older Safari cannot parse; it refuses and reports the same paths.",
		"`core/error-classes.mjs`: keeps the error codes whose classes come from the Messages, Files and shared resources; the codes of the other resources (organizations, skills, user profiles, beta APIs) get the SDK's error class for their HTTP status.",
		"`lib/credentials/credential-chain.mjs`: replaced by a module that refuses every credential but an API key, the only one the plugin passes.",
		"`lib/MessageStream.mjs`: replaced by a module whose `messages.stream()` helper throws; the plugin streams with `messages.create({ stream: true })`.",
		"`resources/messages/batches.mjs`: replaced by the `messages.batches` resource without its methods, which the plugin never calls.",
		"`internal/utils/query.mjs`: replaced by a writer of flat query strings, written as the SDK's `qs` writes them.",
		"`internal/tracing.mjs` and `lib/internal/tracing.mjs`: replaced by modules that do what the SDK does for a client built with tracing off, as the plugin builds it (and refuse a client built otherwise).",
		"`@opentelemetry/api`, which the SDK imports, is replaced by a module that behaves as the API does with no OpenTelemetry SDK registered.",
	],
};

interface BundledPackage {
	readonly name: string;
	readonly version: string;
	readonly license: string;
	readonly homepage: string | undefined;
	readonly files: ReadonlyArray<{ readonly name: string; readonly text: string }>;
}

function readPackage(name: string, folder: string): BundledPackage {
	const dir = join(REPO, folder);
	const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
		version: string;
		license?: string;
		homepage?: string;
		repository?: string | { url?: string };
	};
	const repository = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
	const files = LICENSE_FILES.filter((file) => existsSync(join(dir, file))).map((file) => ({
		name: file,
		text: readFileSync(join(dir, file), "utf8").trim(),
	}));
	if (files.length === 0)
		throw new Error(`${name} has no license file: its license cannot be shipped with the plugin.`);
	return {
		name,
		version: manifest.version,
		license: manifest.license ?? "UNKNOWN",
		homepage:
			manifest.homepage ??
			repository
				?.replace(/^git\+/, "")
				.replace(/^github:/, "https://github.com/")
				.replace(/\.git$/, ""),
		files,
	};
}

function noticesText(bundle: NoticedBundle, packages: readonly BundledPackage[]): string {
	const sections = packages.map((pkg) => {
		const changes = bundle.changes[pkg.name] ?? [];
		return [
			`## ${pkg.name} ${pkg.version}`,
			"",
			`License: ${pkg.license}${pkg.homepage === undefined ? "" : `. Source: ${pkg.homepage}`}`,
			...(changes.length === 0 ? [] : ["", "Changed in this bundle:", "", ...changes.map((change) => `- ${change}`)]),
			...pkg.files.flatMap((file) => ["", `### ${file.name}`, "", "```text", file.text, "```"]),
		].join("\n");
	});
	return [
		"# Third-party notices",
		"",
		`\`${bundle.file}\` bundles the libraries below. Each is used under its license, reproduced here with its notices.`,
		"This file is generated from the bundle by `npm run notices`; CI checks that it is up to date.",
		"",
		...sections.flatMap((section) => [section, ""]),
	].join("\n");
}

const BUNDLES: readonly NoticedBundle[] = [
	{
		file: "main.js",
		notices: "THIRD_PARTY_NOTICES.md",
		options: pluginBuildOptions({ production: true }),
		libraries: BUNDLED_LIBRARIES,
		librariesDefinedIn: "BUNDLED_LIBRARIES in scripts/build/pluginBuild.mjs",
		changes: CHANGES,
	},
	{
		file: MCP_BUNDLE,
		notices: MCP_NOTICES,
		options: mcpBuildOptions(),
		libraries: MCP_BUNDLED_LIBRARIES,
		librariesDefinedIn: "MCP_BUNDLED_LIBRARIES in scripts/build/mcpBuildOptions.mjs",
		changes: {},
	},
];

/**
 * The packages a bundle holds, each read from the very folder its code was bundled from. npm may
 * leave two copies of one version in two folders (the MCP SDK and ajv-formats each have their own
 * ajv 8, the top-level one being eslint's ajv 6): both are in the bundle, as Node would load both,
 * and one notice covers them. Two versions of a package get a notice each.
 */
async function bundledPackages(bundle: NoticedBundle): Promise<BundledPackage[]> {
	const built = await buildBundleInMemory(bundle.options);
	// Each folder a bundled file comes from, with the package it holds, in a stable order.
	const folders = new Map<string, string>();
	for (const input of Object.keys(built.inputs)) {
		const found = packageFolderOfInput(input);
		if (found !== undefined) folders.set(found.folder, found.name);
	}
	const byVersion = new Map<string, BundledPackage>();
	for (const folder of [...folders.keys()].sort()) {
		const pkg = readPackage(folders.get(folder) ?? folder, folder);
		if (!byVersion.has(`${pkg.name}@${pkg.version}`)) byVersion.set(`${pkg.name}@${pkg.version}`, pkg);
	}
	return [...byVersion.values()].sort((a, b) => (a.name === b.name ? 0 : a.name < b.name ? -1 : 1));
}

/** Writes (or, with `check`, compares) one bundle's notices; true when they are up to date. */
async function notices(bundle: NoticedBundle, check: boolean): Promise<boolean> {
	const packages = await bundledPackages(bundle);
	const named = bundle.libraries.map((library) => `${library.name} ${library.license}`).sort();
	const found = [...new Set(packages.map((pkg) => `${pkg.name} ${pkg.license}`))].sort();
	if (named.join("\n") !== found.join("\n")) {
		throw new Error(
			`${bundle.file} bundles ${found.join(", ")}, but its banner names ${named.join(", ")}: update ${bundle.librariesDefinedIn}.`,
		);
	}
	const notPermissive = packages.filter((pkg) => !PERMISSIVE_LICENSES.has(pkg.license));
	if (notPermissive.length > 0) {
		throw new Error(
			`${bundle.file} bundles ${notPermissive.map((pkg) => `${pkg.name} (${pkg.license})`).join(", ")}, not under a permissive license (${[...PERMISSIVE_LICENSES].join(", ")}).`,
		);
	}
	const path = join(REPO, bundle.notices);
	const text = noticesText(bundle, packages);
	if (!check) {
		writeFileSync(path, text);
		console.log(`${bundle.notices}: ${packages.map((pkg) => `${pkg.name} ${pkg.version}`).join(", ")}`);
		return true;
	}
	if (!existsSync(path) || readFileSync(path, "utf8") !== text) {
		console.error(`${bundle.notices} is not what ${bundle.file} needs: run \`npm run notices\` and commit it.`);
		return false;
	}
	console.log(`${bundle.notices} is up to date with ${bundle.file}.`);
	return true;
}

async function main(check: boolean): Promise<void> {
	let upToDate = true;
	for (const bundle of BUNDLES) upToDate = (await notices(bundle, check)) && upToDate;
	if (!upToDate) process.exitCode = 1;
}

main(process.argv.includes("--check")).catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exitCode = 1;
});
