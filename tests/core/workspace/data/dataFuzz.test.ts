import { loadPluginDataFiles, type LoadedPluginData } from "../../../../src/core/workspace/data/load";
import { CURRENT_SCHEMA_VERSION } from "../../../../src/core/workspace/data/migrations";
import type { PluginData } from "../../../../src/core/workspace/data/pluginData";
import { PRIVACY_SETTINGS } from "../../../../src/core/workspace/data/privacy";
import * as z from "zod/mini";
import { defaultSettings, settingsSchema } from "../../../../src/core/workspace/data/settings";
import { defaultState, stateSchema } from "../../../../src/core/workspace/data/state";

/**
 * Damaged `data.json` files, generated from a real one: for every one of them, the privacy
 * settings loaded are never less strict than the last good copy's (or, without a copy, than the
 * file the user saved), or else the privacy review is needed and no model is asked. Never a throw.
 */

const SAVED: PluginData = {
	schemaVersion: CURRENT_SCHEMA_VERSION,
	settings: {
		...defaultSettings(),
		assistantFolder: "Assistant",
		excludedFolders: ["Private", "Journal/Therapy"],
		excludedTags: ["secret", "health"],
		pinnedNotes: ["Plan.md"],
	},
	state: { ...defaultState(), onboardingComplete: true, lastHeartbeatDate: "2026-11-28" },
};
const TEXT = JSON.stringify(SAVED, null, 2);

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
		mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
		return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
	};
}

/** Values of every type; each field gets those its schema refuses. */
const WRONG_VALUES: readonly unknown[] = [null, 42, -1, "text", "", true, [], {}, [1, null], { nested: [] }];

/** Every damaged file, with what damaged it. */
function damagedFiles(): [string, string][] {
	const next = random(20261201);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
	const files: [string, string][] = [];
	for (let length = 0; length < TEXT.length; length++) files.push([`cut at ${length}`, TEXT.slice(0, length)]);
	files.push(["two objects", TEXT + TEXT], ["two objects on lines", `${TEXT}\n${TEXT}\n`]);
	files.push([
		"git conflict",
		`<<<<<<< HEAD\n${TEXT}\n=======\n${JSON.stringify({ ...SAVED, settings: { ...SAVED.settings, excludedFolders: [] } })}\n>>>>>>> other\n`,
	]);
	files.push(["sync conflict, second one empty of exclusions", TEXT + JSON.stringify(defaultSettings())]);
	files.push(
		["BOM", `\uFEFF${TEXT}`],
		["CRLF", TEXT.replace(/\n/g, "\r\n")],
		["BOM and CRLF", `\uFEFF${TEXT.replace(/\n/g, "\r\n")}`],
	);
	const lines = TEXT.split("\n");
	for (let n = 0; n < 40; n++) {
		const at = 1 + Math.floor(next() * (lines.length - 1));
		const comment = pick(["// a note", "/* a note */", "/* unclosed", "//"]);
		files.push([`comment at line ${at}`, [...lines.slice(0, at), comment, ...lines.slice(at)].join("\n")]);
	}
	files.push(["trailing commas", TEXT.replace(/("|\]|\}|\d|true|false|null)\n(\s*)([}\]])/g, "$1,\n$2$3")]);
	for (let n = 0; n < 20; n++)
		files.push([
			`garbage after ${n}`,
			TEXT +
				Array.from({ length: 1 + Math.floor(next() * 40) }, () =>
					pick([" ", "]", "}", "\u0000", "x", "\n", '"', ","]),
				).join(""),
		]);
	for (let n = 0; n < 300; n++) {
		const bytes = Array.from({ length: Math.floor(next() * 300) }, () =>
			String.fromCharCode(Math.floor(next() * 0x3000)),
		);
		files.push([`random ${n}`, (n % 2 === 0 ? "{" : "") + bytes.join("")]);
	}
	const schemas = { settings: settingsSchema.shape, state: stateSchema.shape } as Record<
		string,
		Record<string, z.ZodMiniType>
	>;
	for (const section of ["settings", "state"] as const) {
		for (const field of Object.keys(SAVED[section])) {
			const wrong = WRONG_VALUES.filter((value) => !z.safeParse(schemas[section][field], value).success);
			for (const value of wrong)
				files.push([
					`${section}.${field} = ${JSON.stringify(value)}`,
					JSON.stringify({ ...SAVED, [section]: { ...SAVED[section], [field]: value } }),
				]);
		}
		for (const value of WRONG_VALUES)
			files.push([`${section} = ${JSON.stringify(value)}`, JSON.stringify({ ...SAVED, [section]: value })]);
	}
	for (const value of [...WRONG_VALUES, 1.5, "2"])
		files.push([`schemaVersion = ${JSON.stringify(value)}`, JSON.stringify({ ...SAVED, schemaVersion: value })]);
	for (const version of [CURRENT_SCHEMA_VERSION + 1, 99, Number.MAX_SAFE_INTEGER])
		files.push([`future version ${version}`, JSON.stringify({ ...SAVED, schemaVersion: version })]);
	for (const depth of [300, 5_000, 100_000]) {
		files.push([
			`nested ${depth} in a field`,
			JSON.stringify(SAVED).replace(
				'"excludedTags":["secret","health"]',
				`"excludedTags":${"[".repeat(depth)}${"]".repeat(depth)}`,
			),
		]);
		files.push([`nested ${depth} unclosed`, `{"settings":${'{"a":'.repeat(depth)}`]);
	}
	return files;
}

/** Whether `loaded` hides at least what `floor` hides, or refuses every model call. */
function neverLessStrict(loaded: LoadedPluginData, floor: PluginData): boolean {
	if (loaded.data.state.privacyReviewNeeded) return true;
	return PRIVACY_SETTINGS.every((field) =>
		floor.settings[field].every((entry) => loaded.data.settings[field].includes(entry)),
	);
}

const FILES = damagedFiles();

describe("a fuzzed data.json", () => {
	it("is a large enough sample", () => {
		expect(FILES.length).toBeGreaterThan(1500);
	});

	it("with a last good copy, never loads privacy settings less strict than the copy's, and never needs the review", () => {
		const failures = FILES.filter(([, data]) => {
			const loaded = loadPluginDataFiles({ data, lastGood: TEXT });
			return !neverLessStrict(loaded, SAVED) || loaded.data.state.privacyReviewNeeded;
		});
		expect(failures.map(([what]) => what)).toEqual([]);
	});

	it("without a last good copy, never loads privacy settings less strict than the saved file's, or else needs the review", () => {
		const failures = FILES.filter(([, data]) => !neverLessStrict(loadPluginDataFiles({ data, lastGood: null }), SAVED));
		expect(failures.map(([what]) => what)).toEqual([]);
	});

	it("keeps every file it did not read whole as a backup", () => {
		const unread = FILES.filter(([, data]) => {
			const loaded = loadPluginDataFiles({ data, lastGood: TEXT });
			return loaded.problems.length > 0 && !loaded.backupNeeded;
		});
		expect(unread.map(([what]) => what)).toEqual([]);
	});
});
