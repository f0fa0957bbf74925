// `npm version <x.y.z>` runs this after it has set package.json's version: the manifest takes the
// same version, and versions.json records which Obsidian it needs (the manifest's minAppVersion),
// since Obsidian reads that file to offer an older release to an older app.
import { readFileSync, writeFileSync } from "node:fs";

const version = process.env.npm_package_version;
// Obsidian compares plain x.y.z versions and looks a release up by that exact tag.
if (!/^\d+\.\d+\.\d+$/.test(version ?? "")) {
	console.error(
		`versionBump: "${version ?? ""}" is not a version Obsidian accepts (x.y.z, no "v"); run it through npm version`,
	);
	process.exit(1);
}

function readJson(path) {
	return JSON.parse(readFileSync(path, "utf8"));
}

function writeJson(path, value) {
	writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

const manifest = readJson("manifest.json");
writeJson("manifest.json", { ...manifest, version });
writeJson("versions.json", { ...readJson("versions.json"), [version]: manifest.minAppVersion });
