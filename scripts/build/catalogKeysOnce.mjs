import { build } from "esbuild";
import { runInNewContext } from "node:vm";

/**
 * The Chinese catalog (`src/i18n/zh.ts`) names the same 600-odd keys as the English one, so
 * `main.js` held every key twice: some 16 KB. This plugin ships the Chinese texts alone, in the
 * English catalog's key order, and the module pairs them with the English catalog's keys when it
 * loads. The keys themselves are not changed (code builds some of them at run time), and the
 * catalog the plugin reads is the very object the source defines.
 *
 * A Chinese catalog whose keys are not exactly the English ones cannot be paired by position:
 * the build fails rather than showing one key's text under another.
 */
const CHINESE_CATALOG = /[\\/]src[\\/]i18n[\\/]zh\.ts$/;
const ENGLISH_CATALOG = "./en";

/** The texts of `catalog` in the order of `keys`; throws unless the catalog has exactly those keys. */
export function textsInKeyOrder(catalog, keys, file) {
	const missing = keys.filter((key) => !Object.hasOwn(catalog, key));
	const extra = Object.keys(catalog).filter((key) => !keys.includes(key));
	if (missing.length > 0 || extra.length > 0) {
		throw new Error(
			`${file} does not have exactly the English catalog's keys, so its texts cannot be paired with them by position` +
				` (missing: ${missing.join(", ") || "none"}; not in English: ${extra.join(", ") || "none"}).`,
		);
	}
	return keys.map((key) => catalog[key]);
}

/** The value a catalog module exports as `name`, run from its own source (catalogs are plain data). */
async function exportedValue(file, name) {
	const result = await build({
		entryPoints: [file],
		bundle: true,
		format: "cjs",
		platform: "neutral",
		write: false,
		logLevel: "warning",
	});
	const module = { exports: {} };
	runInNewContext(result.outputFiles[0].text, { module, exports: module.exports });
	if (module.exports[name] === undefined) throw new Error(`${file} exports no ${name}`);
	return module.exports[name];
}

export const catalogKeysOnce = {
	name: "catalog-keys-once",
	setup(pluginBuild) {
		pluginBuild.onLoad({ filter: CHINESE_CATALOG }, async ({ path }) => {
			const englishFile = path.replace(/zh\.ts$/, "en.ts");
			const keys = Object.keys(await exportedValue(englishFile, "en"));
			const texts = textsInKeyOrder(await exportedValue(path, "zh"), keys, path);
			return {
				contents: [
					`import { en } from ${JSON.stringify(ENGLISH_CATALOG)};`,
					`const texts = ${JSON.stringify(texts)};`,
					"export const zh = Object.fromEntries(Object.keys(en).map((key, index) => [key, texts[index]]));",
				].join("\n"),
				loader: "js",
				watchFiles: [englishFile],
			};
		});
	},
};
