import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildBundleInMemory, packageOfInput } from "./bundleMetafile";
import { BUNDLED_LIBRARIES } from "./pluginBuild.mjs";

/**
 * `npm run notices` writes THIRD_PARTY_NOTICES.md from what `main.js` actually holds (esbuild's
 * metafile) and each package's own license and notice files; `npm run notices -- --check`
 * (in CI) fails when the file is not what the bundle needs, or when the bundle's packages are
 * not the ones its banner names.
 */

const REPO = join(__dirname, "..", "..");
const NOTICES = join(REPO, "THIRD_PARTY_NOTICES.md");
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

function readPackage(name: string): BundledPackage {
	const dir = join(REPO, "node_modules", name);
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

function noticesText(packages: readonly BundledPackage[]): string {
	const sections = packages.map((pkg) => {
		const changes = CHANGES[pkg.name] ?? [];
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
		"`main.js` bundles the libraries below. Each is used under its license, reproduced here with its notices.",
		"This file is generated from the bundle by `npm run notices`; CI checks that it is up to date.",
		"",
		...sections.flatMap((section) => [section, ""]),
	].join("\n");
}

async function main(check: boolean): Promise<void> {
	const bundle = await buildBundleInMemory();
	const names = [
		...new Set(
			Object.keys(bundle.inputs)
				.map(packageOfInput)
				.filter((name): name is string => name !== undefined),
		),
	].sort();
	const packages = names.map(readPackage);
	const named = BUNDLED_LIBRARIES.map((library) => `${library.name} ${library.license}`).sort();
	const found = packages.map((pkg) => `${pkg.name} ${pkg.license}`).sort();
	if (named.join("\n") !== found.join("\n")) {
		throw new Error(
			`main.js bundles ${found.join(", ")}, but its banner names ${named.join(", ")}: update BUNDLED_LIBRARIES in scripts/build/pluginBuild.mjs.`,
		);
	}
	const text = noticesText(packages);
	if (!check) {
		writeFileSync(NOTICES, text);
		console.log(`THIRD_PARTY_NOTICES.md: ${packages.map((pkg) => `${pkg.name} ${pkg.version}`).join(", ")}`);
		return;
	}
	if (!existsSync(NOTICES) || readFileSync(NOTICES, "utf8") !== text) {
		console.error("THIRD_PARTY_NOTICES.md is not what the bundle needs: run `npm run notices` and commit it.");
		process.exitCode = 1;
		return;
	}
	console.log("THIRD_PARTY_NOTICES.md is up to date with the bundle.");
}

main(process.argv.includes("--check")).catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exitCode = 1;
});
