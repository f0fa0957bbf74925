import { build, type BuildOptions, type Metafile } from "esbuild";
import { pluginBuildOptions } from "./pluginBuild.mjs";

/** A bundle as its build makes it, in memory, with esbuild's account of its inputs. */
export interface BuiltBundle {
	readonly bytes: number;
	readonly inputs: Metafile["outputs"][string]["inputs"];
}

/** `main.js` as the production build makes it, unless other build options are given (the MCP bundle's). */
export async function buildBundleInMemory(
	options: BuildOptions = pluginBuildOptions({ production: true }),
): Promise<BuiltBundle> {
	const result = await build({
		...options,
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

/**
 * The innermost package an input comes from, with its folder: a dependency's own copy of a package
 * (`node_modules/a/node_modules/b/…`) is a version of `b` other than the top-level one, with its
 * own license file. Undefined for our own code.
 */
export function packageFolderOfInput(input: string): { readonly name: string; readonly folder: string } | undefined {
	const match = /^(.*(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
	return match === null ? undefined : { name: match[2], folder: match[1] };
}
