// Dates in tests are read in UTC, whatever the machine's zone; the clock is injected.
process.env.TZ = "UTC";
// The headless host saves its search index in the user's cache folder; tests never touch it (the
// cache's own tests say where theirs goes).
process.env.AW_NO_CACHE = "1";

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: "node",
	roots: ["<rootDir>/tests"],
	testMatch: ["**/*.test.ts"],
	setupFiles: ["<rootDir>/tests/setup/textEncoding.ts"],
	transform: {
		"^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.tests.json" }],
	},
	moduleNameMapper: {
		"^obsidian$": "<rootDir>/sandbox/obsidianApi/index.ts",
	},
};
