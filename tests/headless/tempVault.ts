import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { DiskVault, type DiskVaultOptions } from "../../headless/vault/diskVault";
import type { HostProblem } from "../../headless/vault/hostProblems";

/** A vault folder in the system's temporary folder, removed by `remove`. */
export class TempVault {
	readonly root = mkdtempSync(join(tmpdir(), "disk-vault-"));
	/** What the store reported while it read the folder. */
	readonly problems: HostProblem[] = [];

	put(path: string, content: string | Uint8Array): this {
		mkdirSync(dirname(join(this.root, path)), { recursive: true });
		writeFileSync(join(this.root, path), content);
		return this;
	}

	open(options: Omit<DiskVaultOptions, "problems"> = {}): DiskVault {
		return DiskVault.open(this.root, { ...options, problems: { report: (problem) => this.problems.push(problem) } });
	}

	/** Every file under the root, `/`-separated, sorted. */
	filesOnDisk(): string[] {
		return readdirSync(this.root, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split("\\").join("/"))
			.sort();
	}

	remove(): void {
		rmSync(this.root, { recursive: true, force: true });
	}
}
