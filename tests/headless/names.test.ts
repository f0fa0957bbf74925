import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AuditLog } from "../../src/core/audit/auditLog";
import { AuditedWriter } from "../../src/core/vault/auditedWriter";
import { TempVault } from "./tempVault";

const clock = { now: () => new Date("2026-03-15T09:00:00Z") };
const intent = { actor: "assistant", reason: "remember" } as const;
const nfc = "Café/Crème brûlée.md";
const nfd = nfc.normalize("NFD");

let folder: TempVault;

beforeEach(() => {
	folder = new TempVault().put(nfd, "# Crème brûlée\n").put("Index.md", "[[Crème brûlée]]\n");
});

afterEach(() => folder.remove());

function writerOver(vault: ReturnType<TempVault["open"]>): AuditedWriter {
	let trail = "";
	const audit = new AuditLog({
		append: async (line) => void (trail += line),
		readAll: async () => trail,
		replace: async (content) => void (trail = content),
	});
	return new AuditedWriter({ store: vault, audit, clock, excludedFolders: [] });
}

describe("names as macOS stores them (decomposed, NFD)", () => {
	it("are found, read and written by their composed (NFC) vault path, the file keeping its name on disk", async () => {
		expect(nfd).not.toBe(nfc);
		const vault = folder.open();
		expect(
			vault
				.listFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(["Café/Crème brûlée.md", "Index.md"]);
		expect(vault.isFolder("Café")).toBe(true);
		expect(vault.resolveLink("Crème brûlée", "Index.md")).toBe(nfc);
		expect(await vault.read(nfc)).toBe("# Crème brûlée\n");
		// The decomposed spelling is the same note.
		expect(await vault.read(nfd)).toBe("# Crème brûlée\n");

		await writerOver(vault).appendToNote(nfc, "Less sugar.\n", intent);
		expect(readFileSync(join(folder.root, nfd), "utf8")).toBe("# Crème brûlée\nLess sugar.\n");
		expect(readdirSync(join(folder.root, "Café".normalize("NFD")))).toEqual(["Crème brûlée.md".normalize("NFD")]);
	});

	it("take a new note into the existing decomposed folder rather than a second folder", async () => {
		const vault = folder.open();
		await vault.create("Café/Tarte.md", "# Tarte\n");
		expect(readdirSync(folder.root).sort()).toEqual(["Café".normalize("NFD"), "Index.md"].sort());
		expect(readFileSync(join(folder.root, "Café".normalize("NFD"), "Tarte.md"), "utf8")).toBe("# Tarte\n");
	});
});

describe("a name that is not valid UTF-8", () => {
	it("is skipped with a message naming its bytes, and every other note still works", async () => {
		// "caf\xE9.md": Latin-1, as an old archive or a Windows share may leave it.
		const latin1 = Buffer.concat([
			Buffer.from(folder.root),
			Buffer.from("/caf"),
			Buffer.from([0xe9]),
			Buffer.from(".md"),
		]);
		writeFileSync(latin1, "# from an old zip\n");
		const vault = folder.open();
		expect(folder.problems).toEqual([{ kind: "not-utf8-name", name: "caf\\xE9.md" }]);
		expect(
			vault
				.listFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(["Café/Crème brûlée.md", "Index.md"]);
		await writerOver(vault).appendToNote("Index.md", "more\n", intent);
		expect(readFileSync(join(folder.root, "Index.md"), "utf8")).toBe("[[Crème brûlée]]\nmore\n");
		expect(readFileSync(latin1, "utf8")).toBe("# from an old zip\n");
	});
});
