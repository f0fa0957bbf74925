import { buildSync } from "esbuild";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A script of `children/` bundled into one plain JavaScript file, so that a test can start it as
 * a separate process many times with `node` alone (a fraction of `tsx`'s start-up time). It runs
 * the real store, as a host would.
 */
export function bundledChild(name: string): string {
	const outfile = join(mkdtempSync(join(tmpdir(), "disk-vault-child-")), `${name}.js`);
	buildSync({
		entryPoints: [join(__dirname, "children", `${name}.ts`)],
		bundle: true,
		platform: "node",
		format: "cjs",
		outfile,
		logLevel: "silent",
	});
	return outfile;
}
