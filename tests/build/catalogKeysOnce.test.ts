import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { en } from "../../src/i18n/en";
import { zh } from "../../src/i18n/zh";

const REPO = join(__dirname, "..", "..");

/** The catalogs as `main.js` holds them: bundled with the build's own plugins. */
function shippedCatalogs(): { readonly en: unknown; readonly zh: unknown; readonly source: string } {
	const source = execFileSync(process.execPath, [join(__dirname, "bundleCatalogs.mjs")], {
		cwd: REPO,
		encoding: "utf8",
	});
	const module = { exports: {} as { en?: unknown; zh?: unknown } };
	runInNewContext(source, { module, exports: module.exports });
	return { en: module.exports.en, zh: module.exports.zh, source };
}

/** What `textsInKeyOrder` gives for a catalog and keys, or the message it refuses with. */
function pairing(catalog: Record<string, string>, keys: readonly string[]): string {
	const script = [
		'import { textsInKeyOrder } from "./scripts/build/catalogKeysOnce.mjs";',
		"const [catalog, keys] = JSON.parse(process.argv[1]);",
		'try { console.log(JSON.stringify(textsInKeyOrder(catalog, keys, "zh.ts"))); } catch (error) { console.log(error.message); }',
	].join("\n");
	return execFileSync(process.execPath, ["--input-type=module", "-e", script, JSON.stringify([catalog, keys])], {
		cwd: REPO,
		encoding: "utf8",
	}).trim();
}

describe("the interface catalogs in the bundle", () => {
	const shipped = shippedCatalogs();

	it("shows every Chinese text under its own key, as the source defines it", () => {
		expect(shipped.zh).toEqual(zh);
		expect(shipped.en).toEqual(en);
	});

	it("writes each key once, not once per language", () => {
		const keys = Object.keys(en);
		const written = (key: string) => shipped.source.split(JSON.stringify(key)).length - 1;
		expect(keys.filter((key) => written(key) !== 1)).toEqual([]);
		expect(shipped.source).toContain(JSON.stringify(zh["command.initialize-workspace"]));
	});

	it("pairs texts with keys by name, whatever order the Chinese catalog lists them in", () => {
		expect(pairing({ b: "乙", a: "甲" }, ["a", "b"])).toBe('["甲","乙"]');
	});

	it("refuses to build when the Chinese catalog misses a key or has one English lacks", () => {
		expect(pairing({ a: "甲" }, ["a", "b"])).toMatch(/cannot be paired.*missing: b; not in English: none/);
		expect(pairing({ a: "甲", b: "乙", c: "丙" }, ["a", "b"])).toMatch(/missing: none; not in English: c/);
	});
});
