import { execFileSync } from "node:child_process";
import { join } from "node:path";

const REPO = join(__dirname, "..", "..");
// The SDK does not export its internals; the test reads its query writer as the SDK ships it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const qs = require(join(REPO, "node_modules/@anthropic-ai/sdk/internal/qs/stringify.js")) as {
	stringify(query: unknown, options: { arrayFormat: "brackets" }): string;
};

/** Runs an ES module of the build (which jest cannot load) and returns what it printed, parsed. */
function runBuildModule(source: string): unknown {
	return JSON.parse(
		execFileSync(process.execPath, ["--input-type=module", "-e", source], { cwd: REPO, encoding: "utf8" }),
	);
}

describe("the parts of the Anthropic SDK the bundle replaces", () => {
	it("write query strings as the SDK's own qs does, for the parameters the plugin sends", () => {
		// Written as source, for both sides: JSON would turn the `undefined`s into nulls or drop them.
		const queries = `[
			{ limit: 100 },
			{ limit: 100, after_id: "model_01 x/é" },
			{ a: null, b: undefined, c: true, n: 0 },
			{ ids: ["x", "y z", null, undefined] },
			{ "k!": "(v)*'" },
			{ at: new Date(0) },
			{},
		]`;
		const written = runBuildModule(`
			import { stringifyQuery } from "./scripts/build/sdkParts/flatQuery.mjs";
			console.log(JSON.stringify(${queries}.map(stringifyQuery)));
		`);
		const expected = (new Function(`return ${queries};`)() as unknown[]).map((query) =>
			qs.stringify(query, { arrayFormat: "brackets" }),
		);
		expect(written).toEqual(expected);
	});

	it("refuse a nested query rather than send it half-written", () => {
		const refused = runBuildModule(`
			import { stringifyQuery } from "./scripts/build/sdkParts/flatQuery.mjs";
			try { stringifyQuery({ filter: { a: 1 } }); console.log("null"); } catch (error) { console.log(JSON.stringify(error.message)); }
		`);
		expect(refused).toBe("A query parameter of type object is not supported here.");
	});

	it("refuse every credential but an API key, with a message that says so", () => {
		const refused = runBuildModule(`
			import { defaultCredentials, resolveCredentialsFromConfig } from "./scripts/build/sdkParts/apiKeyOnly.mjs";
			const messages = [];
			try { resolveCredentialsFromConfig({}, {}); } catch (error) { messages.push(error.message); }
			await defaultCredentials({}).catch((error) => messages.push(error.message));
			console.log(JSON.stringify(messages));
		`);
		expect(refused).toEqual([expect.stringContaining("API key only"), expect.stringContaining("API key only")]);
	});

	it("stand for OpenTelemetry with no tracer registered: nothing recorded, nothing propagated", () => {
		const seen = runBuildModule(`
			import { context, propagation, trace } from "./scripts/build/sdkParts/openTelemetryOff.mjs";
			const span = trace.getTracerProvider().getTracer("x").startSpan("call");
			const carrier = {};
			propagation.inject(context.active(), carrier);
			console.log(JSON.stringify({ recording: span.isRecording(), valid: trace.isSpanContextValid(span.spanContext()), carrier, fields: propagation.fields(), ran: context.with(context.active(), (a) => a + 1, undefined, 1) }));
		`);
		expect(seen).toEqual({ recording: false, valid: false, carrier: {}, fields: [], ran: 2 });
	});
});

describe("the SDK's tracing in the bundle", () => {
	it("settles a client built with tracing off, and a copy of it, as the SDK does; refuses one built with tracing on", () => {
		const settled = runBuildModule(`
			import { resolveOpenTelemetryOptions } from "./scripts/build/sdkParts/tracingOff.mjs";
			const off = resolveOpenTelemetryOptions(false);
			const copy = resolveOpenTelemetryOptions(off);
			const refused = [undefined, {}, { traces: true }].map((option) => { try { resolveOpenTelemetryOptions(option); return "built"; } catch (error) { return error.message; } });
			console.log(JSON.stringify({ off, copy, refused }));
		`);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const sdk = require(join(REPO, "node_modules/@anthropic-ai/sdk/internal/tracing.js")) as {
			resolveOpenTelemetryOptions(option: unknown): unknown;
		};
		expect(settled).toEqual({
			off: sdk.resolveOpenTelemetryOptions(false),
			copy: sdk.resolveOpenTelemetryOptions(sdk.resolveOpenTelemetryOptions(false)),
			refused: [
				expect.stringContaining("openTelemetry: false"),
				expect.stringContaining("openTelemetry: false"),
				expect.stringContaining("openTelemetry: false"),
			],
		});
	});
});

describe("the SDK's error classes in the bundle", () => {
	it("keep every error code whose class the Messages, Files and shared resources define, and only those", () => {
		const kept = runBuildModule(`
			import { readFileSync } from "node:fs";
			import { keepUsedErrorClasses } from "./scripts/build/sdkErrorClassesUsed.mjs";
			const file = "node_modules/@anthropic-ai/sdk/core/error-classes.mjs";
			const source = keepUsedErrorClasses(readFileSync(file, "utf8"), file);
			console.log(JSON.stringify([...source.matchAll(/\\['(\\d{3} [a-z0-9_]+)', (\\w+)\\]/g)].map((match) => [match[1], match[2]])));
		`) as Array<[string, string]>;
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const sdk = (module: string) =>
			require(join(REPO, "node_modules/@anthropic-ai/sdk", module)) as Record<string, unknown>;
		const { ERROR_CODE_CLASSES } = sdk("core/error-classes.js") as {
			ERROR_CODE_CLASSES: Map<string, { name: string }>;
		};
		const ours = new Set(
			[sdk("resources/messages/messages.js"), sdk("resources/shared.js"), sdk("resources/files.js")].flatMap((module) =>
				Object.values(module),
			),
		);
		const expected = [...ERROR_CODE_CLASSES]
			.filter(([, errorClass]) => ours.has(errorClass))
			.map(([code, errorClass]) => [code, errorClass.name]);
		expect(kept).toEqual(expected);
		// The Messages API's own codes are among them.
		expect(kept).toContainEqual(["529 compaction_unavailable", "CompactionUnavailableError"]);
		expect(kept.length).toBeLessThan(ERROR_CODE_CLASSES.size);
	});

	it("fail the build when the module no longer has the shape it reads", () => {
		const refused = runBuildModule(`
			import { keepUsedErrorClasses } from "./scripts/build/sdkErrorClassesUsed.mjs";
			try { keepUsedErrorClasses("export const ERROR_CODE_CLASSES = new Map([\\n    [400, X],\\n]);", "error-classes.mjs"); console.log("null"); } catch (error) { console.log(JSON.stringify(error.message)); }
		`);
		expect(refused).toContain("no longer has the shape the build reads");
	});
});
