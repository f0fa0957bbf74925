import { spawn } from "node:child_process";

/**
 * Starts the crash writer (`bundledChild("crashWriter")`) over `notes` of the vault at `root`,
 * kills it with SIGKILL `delayMs` after it began writing, and waits until it is gone.
 */
export function killWhileWriting(
	writer: string,
	root: string,
	size: number,
	notes: readonly string[],
	delayMs: number,
): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [writer, root, String(size), ...notes], {
			stdio: ["ignore", "pipe", "inherit"],
		});
		child.stdout.once("data", () => setTimeout(() => child.kill("SIGKILL"), delayMs));
		child.once("error", reject);
		child.once("exit", (code, signal) =>
			signal === "SIGKILL" ? resolve() : reject(new Error(`the writer ended on its own (${code})`)),
		);
	});
}
