// Dates in tests are read in UTC, whatever the machine's zone; the clock is injected.
process.env.TZ = "UTC";

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
