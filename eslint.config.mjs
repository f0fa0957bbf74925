import { defineConfig } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import { DEFAULT_ACRONYMS } from "eslint-plugin-obsidianmd/dist/lib/rules/ui/acronyms.js";
import { DEFAULT_BRANDS } from "eslint-plugin-obsidianmd/dist/lib/rules/ui/brands.js";

export default defineConfig([
	{ ignores: ["main.js", "node_modules/**", "coverage/**", "tests/**", "sandbox/**", "scripts/**", "examples/**"] },
	// The English locale module is checked for sentence case too.
	...obsidianmd.configs.recommendedWithLocalesEn,
	// The names of the MCP clients the settings connect, and the protocol's, are spelled as their makers spell them.
	{
		files: ["src/i18n/en.ts"],
		rules: {
			"obsidianmd/ui/sentence-case-locale-module": [
				"warn",
				{ brands: [...DEFAULT_BRANDS, "Claude Code", "Claude Desktop"], acronyms: [...DEFAULT_ACRONYMS, "MCP"] },
			],
		},
	},
	{
		languageOptions: {
			parserOptions: {
				projectService: { allowDefaultProject: ["eslint.config.mjs", "esbuild.config.mjs"] },
				tsconfigRootDir: import.meta.dirname,
			},
		},
	},
	// The MCP server over HTTP is the plugin's one module that uses Node (`http`, imported statically
	// so that the headless host can bundle it): the plugin itself loads the module only through a
	// dynamic import on desktop, and the layer check keeps every other built-in out of it.
	{ files: ["src/desktop/mcpHttpServer.ts"], rules: { "obsidianmd/no-nodejs-modules": "off" } },
]);
