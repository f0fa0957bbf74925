import { existsSync } from "node:fs";
import { parseArgs, rejectUnknownOptions, UsageError } from "./lib/args";
import { buildBundles } from "../sandbox/server/bundles";
import { copyExampleVault, copyVault } from "../sandbox/server/exampleVault";
import { startSandbox } from "../sandbox/server/sandboxServer";

/**
 * `npm start`: the plugin in a browser. Builds the plugin as it ships (`main.js`) and the
 * sandbox's Obsidian-like shell, copies the example vault (or the vault in `--vault DIR`, which
 * stays untouched) to a temporary folder, serves both on 127.0.0.1 and prints the address. It
 * runs until stopped; Ctrl-C removes the copy.
 *
 *   npm start -- [--port N] [--lang en|zh] [--anthropic-url URL] [--vault DIR]
 *
 * Without a key the assistant answers offline, from the notes; a key entered in the settings
 * talks to Claude. `--anthropic-url` sends the model's requests to another Messages API instead
 * of Anthropic's (the end-to-end tests' fake server).
 */
async function main(): Promise<void> {
	const args = parseArgs(["start", ...process.argv.slice(2)]);
	rejectUnknownOptions(args, ["port", "lang", "anthropic-url", "vault"]);
	const port = Number(args.options.get("port") ?? 0);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port needs a port number.");
	const source = args.options.get("vault");
	if (source !== undefined && !existsSync(source)) throw new UsageError(`--vault: no folder at ${source}.`);
	process.stdout.write("Building the plugin and the sandbox...\n");
	const bundles = await buildBundles();
	const vault = source === undefined ? copyExampleVault() : copyVault(source);
	const sandbox = await startSandbox({
		bundles,
		vaultDir: vault.dir,
		port,
		language: args.options.get("lang"),
		anthropicBaseURL: args.options.get("anthropic-url"),
	});
	process.stdout.write(
		[
			"",
			`Assistant Workspace sandbox: open ${sandbox.url}`,
			`The vault is a copy of ${source ?? "the example vault"}, at ${vault.dir}`,
			"What the assistant writes lands there. Ctrl+P opens the command palette, Ctrl+, the settings.",
			"No key needed: the assistant answers offline from your notes until you add one in the settings.",
			"Press Ctrl-C to stop (the copy is removed).",
			"",
		].join("\n"),
	);
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		void sandbox.close().finally(() => {
			vault.remove();
			process.stdout.write("\nStopped; the copy of the vault was removed.\n");
			process.exit(0);
		});
	};
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
	process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exitCode = 1;
});
