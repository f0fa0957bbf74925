import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PARTS = join(dirname(fileURLToPath(import.meta.url)), "sdkParts");

/**
 * Parts of the Anthropic SDK the plugin never runs in Obsidian, each replaced in the bundle by a
 * small module in `sdkParts/` that exports the same names and does what the plugin's client
 * needs of them (each file says why it is enough). esbuild fails the build if the SDK imports a
 * name a replacement lacks; the SDK's version is pinned, and the tests that drive the real SDK
 * against the fake Messages API run the bundle's client.
 */
const REPLACED = [
	{ module: /[\\/]@anthropic-ai[\\/]sdk[\\/]lib[\\/]credentials[\\/]credential-chain\.mjs$/, by: "apiKeyOnly.mjs" },
	{ module: /[\\/]@anthropic-ai[\\/]sdk[\\/]lib[\\/]MessageStream\.mjs$/, by: "noMessageStream.mjs" },
	{ module: /[\\/]@anthropic-ai[\\/]sdk[\\/]internal[\\/]utils[\\/]query\.mjs$/, by: "flatQuery.mjs" },
	{ module: /[\\/]@anthropic-ai[\\/]sdk[\\/]resources[\\/]messages[\\/]batches\.mjs$/, by: "noBatches.mjs" },
	{ module: /[\\/]@anthropic-ai[\\/]sdk[\\/]internal[\\/]tracing\.mjs$/, by: "tracingOff.mjs" },
	{ module: /[\\/]@anthropic-ai[\\/]sdk[\\/]lib[\\/]internal[\\/]tracing\.mjs$/, by: "libTracingOff.mjs" },
];

export const sdkUnusedParts = {
	name: "sdk-unused-parts",
	setup(build) {
		const replaced = new Set();
		build.onResolve({ filter: /^@opentelemetry\/api$/ }, () => ({ path: join(PARTS, "openTelemetryOff.mjs") }));
		for (const { module, by } of REPLACED) {
			build.onLoad({ filter: module }, async () => {
				replaced.add(by);
				return { contents: await readFile(join(PARTS, by), "utf8"), loader: "js", resolveDir: PARTS };
			});
		}
		// An SDK update that moves one of these modules would bring the whole part back unnoticed.
		build.onEnd((result) => {
			if (result.errors.length > 0) return;
			const missed = REPLACED.filter(({ by }) => !replaced.has(by));
			return {
				errors: missed.map(({ module, by }) => ({
					text: `No module of the Anthropic SDK matched ${module} any more, so ${by} replaced nothing: update scripts/build/sdkUnusedParts.mjs.`,
				})),
			};
		});
	},
};
