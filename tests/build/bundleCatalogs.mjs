// Bundles the two interface catalogs with the plugin's build plugins and prints them as CommonJS, so
// a jest test (which cannot load the build's ES modules) can read the catalogs exactly as they ship.
import { build } from "esbuild";
import { pluginBuildOptions } from "../../scripts/build/pluginBuild.mjs";

const result = await build({
	stdin: {
		contents: 'export { en } from "./src/i18n/en"; export { zh } from "./src/i18n/zh";',
		resolveDir: process.cwd(),
		loader: "ts",
	},
	bundle: true,
	format: "cjs",
	platform: "browser",
	charset: "utf8",
	write: false,
	logLevel: "warning",
	plugins: pluginBuildOptions({ production: true }).plugins.filter((plugin) => plugin.name === "catalog-keys-once"),
});
process.stdout.write(result.outputFiles[0].text);
