import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { runInNewContext } from "node:vm";

type PathTag = (statics: TemplateStringsArray, ...params: readonly unknown[]) => string;

const REPO = join(__dirname, "..", "..");
// The SDK does not export its internals; the test reads the module as the SDK ships it, untouched.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { path: sdkPath } = require(join(REPO, "node_modules/@anthropic-ai/sdk/internal/utils/path.js")) as {
	path: PathTag;
};

/** The SDK's path tag as `main.js` holds it: the module bundled with the build's own plugins. */
function shippedPathTag(): { readonly tag: PathTag; readonly source: string } {
	const source = execFileSync(process.execPath, [join(__dirname, "bundleSdkPath.mjs")], {
		cwd: REPO,
		encoding: "utf8",
	});
	const module = { exports: {} as { path?: PathTag } };
	runInNewContext(source, { module, exports: module.exports, encodeURIComponent });
	if (module.exports.path === undefined) throw new Error("the bundled module exports no path tag");
	return { tag: module.exports.path, source };
}

/** What a call of the tag gives: the path, or the message of the error it throws. */
function outcome(tag: PathTag, statics: readonly string[], params: readonly unknown[]): string {
	try {
		return `path ${tag(Object.assign([...statics], { raw: [...statics] }), ...params)}`;
	} catch (error) {
		return `error ${(error as Error).message}`;
	}
}

describe("the Anthropic SDK's path check in the bundle", () => {
	const shipped = shippedPathTag();

	it("holds no regex lookbehind, which Safari before 16.4 cannot parse", () => {
		expect(shipped.source).toContain("invalidSegmentPattern");
		expect(shipped.source).not.toMatch(/\(\?<[=!]/);
	});

	it("refuses and accepts exactly the path parameters the SDK itself does", () => {
		const params = [
			"msg_01",
			"..",
			".",
			"%2e%2e",
			"%2E",
			"...",
			"a..b",
			".;x",
			"..;jsessionid=1",
			"",
			";x",
			"a/b",
			null,
			{},
			"é",
		];
		const shapes: ReadonlyArray<readonly string[]> = [
			["/v1/messages/", ""],
			["/v1/files/", "/content"],
			["", "/x"],
			["/v1/a/", "/", "/b"],
			["/v1/a/", "?q=", ""],
			["/v1/", "", ""],
		];
		let refused = 0;
		for (const statics of shapes) {
			for (const first of params) {
				for (const second of statics.length > 2 ? params : [undefined]) {
					const values = statics.length > 2 ? [first, second] : [first];
					const expected = outcome(sdkPath, statics, values);
					if (expected.startsWith("error")) refused += 1;
					expect({ statics, values, result: outcome(shipped.tag, statics, values) }).toEqual({
						statics,
						values,
						result: expected,
					});
				}
			}
		}
		// The inputs reach both branches: many are refused, and valid ones pass.
		expect(refused).toBeGreaterThan(50);
		expect(outcome(shipped.tag, ["/v1/messages/", ""], ["msg_01"])).toBe("path /v1/messages/msg_01");
	});

	it("marks each bad segment of a path with consecutive dot segments, as the SDK does", () => {
		const statics = ["/v1/", "/", "/", ""];
		const values = ["..", "..", "."];
		expect(outcome(shipped.tag, statics, values)).toBe(outcome(sdkPath, statics, values));
		expect(outcome(shipped.tag, statics, values)).toContain("^^ ^^ ^");
	});
});
