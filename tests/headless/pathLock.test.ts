import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withPathLock } from "../../headless/vault/pathLock";

let folder: string;

beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), "path-lock-"));
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** The lock file a holder would have left for `key`, holding `pid`. */
async function leftLockFor(key: string, pid: number): Promise<void> {
	let file = "";
	await withPathLock({ folder }, key, () => {
		file = readdirSync(folder)[0] ?? "";
	});
	writeFileSync(join(folder, file), String(pid));
}

describe("the lock per note", () => {
	it("takes over a lock left by a process that is gone (killed mid-write)", async () => {
		const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
		await leftLockFor("memory.md", gone);
		const started = Date.now();
		expect(await withPathLock({ folder, timeoutMs: 5_000 }, "memory.md", () => "written")).toBe("written");
		expect(Date.now() - started).toBeLessThan(2_000);
		expect(readdirSync(folder)).toEqual([]);
	});

	it("waits for a live holder, then gives up with a message naming the note", async () => {
		await leftLockFor("memory.md", process.pid);
		await expect(withPathLock({ folder, timeoutMs: 100 }, "memory.md", () => "written")).rejects.toThrow(
			`memory.md is being written by another process (${process.pid})`,
		);
	});

	it("lets writers of one note take turns, and writers of two notes run side by side", async () => {
		const order: string[] = [];
		const hold = (key: string, tag: string) =>
			withPathLock({ folder }, key, async () => {
				order.push(`${tag} in`);
				await new Promise((resolve) => setTimeout(resolve, 30));
				order.push(`${tag} out`);
			});
		await Promise.all([hold("a.md", "first"), hold("a.md", "second"), hold("b.md", "other")]);
		expect(order.indexOf("first out")).toBeLessThan(order.indexOf("second in"));
		expect(order.indexOf("other in")).toBeLessThan(order.indexOf("first out"));
	});
});
