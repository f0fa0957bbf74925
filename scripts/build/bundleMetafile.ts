import { build, type Metafile } from "esbuild";
import { pluginBuildOptions } from "./pluginBuild.mjs";

/** `main.js` as the production build makes it, in memory, with esbuild's account of its inputs. */
export interface BuiltBundle {
	readonly bytes: number;
	readonly inputs: Metafile["outputs"][string]["inputs"];
}

export async function buildBundleInMemory(): Promise<BuiltBundle> {
	const result = await build({
		...pluginBuildOptions({ production: true }),
		write: false as const,
		metafile: true as const,
		logLevel: "warning" as const,
	});
	const [output] = Object.values(result.metafile.outputs);
	return { bytes: result.outputFiles[0].contents.byteLength, inputs: output.inputs };
}

/** The npm package an input of the bundle comes from (`@scope/name` or `name`), or undefined for our own code. */
export function packageOfInput(input: string): string | undefined {
	const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
	return match?.[1];
}
