import esbuild from "esbuild";
import { pluginBuildOptions } from "./scripts/build/pluginBuild.mjs";

const production = process.argv[2] === "production";
const context = await esbuild.context(pluginBuildOptions({ production }));

if (production) {
	await context.rebuild();
	await context.dispose();
} else {
	await context.watch();
}
