// The end-to-end suite (`npm run test:e2e`): the sandbox in Debian's Chromium, apart from `npm test`.
process.env.TZ = "UTC";

/** @type {import('jest').Config} */
module.exports = {
	rootDir: "../..",
	testEnvironment: "node",
	roots: ["<rootDir>/tests/e2e"],
	testMatch: ["**/*.e2e.ts"],
	globalSetup: "<rootDir>/tests/e2e/harness/globalSetup.ts",
	setupFiles: ["<rootDir>/tests/setup/textEncoding.ts"],
	testTimeout: 30000,
	transform: {
		"^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.tests.json" }],
	},
};
