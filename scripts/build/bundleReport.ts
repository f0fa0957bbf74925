import { buildBundleInMemory, packageOfInput } from "./bundleMetafile";

/**
 * Prints what `main.js` is made of: its size, the bytes each package (and our own `src/`) adds,
 * and, with a filter (`npm run -s size -- zod`), the largest inputs whose path contains it.
 */
async function main(filter: string | undefined): Promise<void> {
	const bundle = await buildBundleInMemory();
	const byOrigin = new Map<string, number>();
	for (const [input, { bytesInOutput }] of Object.entries(bundle.inputs)) {
		const origin = packageOfInput(input) ?? input.split("/")[0];
		byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + bytesInOutput);
	}
	console.log(`main.js ${bundle.bytes.toLocaleString("en")} bytes`);
	for (const [origin, bytes] of [...byOrigin].sort((a, b) => b[1] - a[1]))
		console.log(`${bytes.toString().padStart(9)}  ${origin}`);
	if (filter === undefined) return;
	console.log(`\nlargest inputs matching "${filter}"`);
	const matching = Object.entries(bundle.inputs).filter(([input]) => input.includes(filter));
	for (const [input, { bytesInOutput }] of matching
		.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
		.slice(0, 40)) {
		console.log(`${bytesInOutput.toString().padStart(9)}  ${input}`);
	}
}

void main(process.argv[2]);
