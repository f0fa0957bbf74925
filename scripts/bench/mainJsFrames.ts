import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { pluginBuildOptions } from "../build/pluginBuild.mjs";
import { frameName, sourcePlaces, type FrameNamer, type SourceMap } from "./browserTrace";

/** The sandbox runs main.js as a `new Function` body, to whose source V8 adds two lines before it (the header). */
const FUNCTION_HEADER_LINES = 2;

/**
 * Names profile frames of `main.js` by the source they were built from (its file, line and
 * original name), others as DevTools does. `main.js` ships minified and without a source map,
 * so its build is repeated with one; if that build is not byte for byte the served `main.js`,
 * the frames keep their minified names, and `warn` says so.
 */
export async function mainJsFrameNamer(repo: string, warn: (message: string) => void): Promise<FrameNamer> {
	const output = await build({
		...pluginBuildOptions({ production: true }),
		absWorkingDir: repo,
		sourcemap: "external",
		write: false,
		logLevel: "warning",
	});
	const code = output.outputFiles.find((file) => file.path.endsWith(".js"))?.text ?? "";
	const map = output.outputFiles.find((file) => file.path.endsWith(".js.map"))?.text;
	const shipped = readFileSync(join(repo, "main.js"), "utf8");
	if (map === undefined || code.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n") !== shipped) {
		warn("The profile names main.js's functions as minified: its build with a source map differs from the one served.");
		return frameName;
	}
	const placeOf = sourcePlaces(JSON.parse(map) as SourceMap);
	return (frame) => {
		const place = frame.url.endsWith("/main.js")
			? placeOf(frame.lineNumber - FUNCTION_HEADER_LINES, frame.columnNumber)
			: null;
		if (place === null) return frameName(frame);
		return `${place.name ?? (frame.functionName || "(anonymous)")} ${place.source.replace(/^(\.\.\/)+/, "")}:${place.line}`;
	};
}
