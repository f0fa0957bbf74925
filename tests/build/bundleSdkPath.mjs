// Bundles the SDK's path module with the plugin's build plugins and prints it as CommonJS, so a
// jest test (which cannot load the build's ES modules) can run the code exactly as it ships.
import { build } from "esbuild";
import { pluginBuildOptions } from "../../scripts/build/pluginBuild.mjs";

const result = await build({
	stdin: {
		contents: 'export { path } from "./node_modules/@anthropic-ai/sdk/internal/utils/path.mjs";',
		resolveDir: process.cwd(),
	},
	bundle: true,
	format: "cjs",
	platform: "browser",
	write: false,
	logLevel: "warning",
	// The path module alone: the plugin that replaces other parts of the SDK would find them missing.
	plugins: pluginBuildOptions({ production: true }).plugins.filter(
		(plugin) => plugin.name === "sdk-path-without-lookbehind",
	),
});
process.stdout.write(result.outputFiles[0].text);
