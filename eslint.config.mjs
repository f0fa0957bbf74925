import { defineConfig } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

export default defineConfig([
	{ ignores: ["main.js", "node_modules/**", "coverage/**", "tests/**", "sandbox/**", "scripts/**", "examples/**"] },
	// The English locale module is checked for sentence case too.
	...obsidianmd.configs.recommendedWithLocalesEn,
	{
		languageOptions: {
			parserOptions: {
				projectService: { allowDefaultProject: ["eslint.config.mjs", "esbuild.config.mjs"] },
				tsconfigRootDir: import.meta.dirname,
			},
		},
	},
]);
