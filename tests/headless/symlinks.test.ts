import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog } from "../../src/core/audit/auditLog";
import { sha256Hex } from "../../src/core/audit/hash";
import { parseAuditLog } from "../../src/core/audit/parse";
import { AuditedWriter } from "../../src/core/vault/auditedWriter";
import { UnsafePathError } from "../../src/core/vault/unsafePath";
import { TempVault } from "./tempVault";

const intent = { actor: "assistant", reason: "as the note asked" } as const;
const clock = { now: () => new Date("2026-03-15T09:00:00Z") };

let folder: TempVault;
let outside: string;
let auditText: string;

beforeEach(() => {
	outside = mkdtempSync(join(tmpdir(), "disk-vault-outside-"));
	writeFileSync(join(outside, "x.md"), "outside text\n");
	folder = new TempVault()
		.put("Notes/real.md", "real text\n")
		.put("Private/secret.md", "secret text\n")
		.put("Plain.md", "plain\n");
	symlinkSync(join(folder.root, "Notes/real.md"), join(folder.root, "alias.md"));
	symlinkSync(join(outside, "x.md"), join(folder.root, "escape.md"));
	symlinkSync(join(folder.root, "Private/secret.md"), join(folder.root, "shared.md"));
	symlinkSync(join(folder.root, "Notes"), join(folder.root, "Linked"), "dir");
	symlinkSync(outside, join(folder.root, "Out"), "dir");
	auditText = "";
});

afterEach(() => {
	folder.remove();
	rmSync(outside, { recursive: true, force: true });
});

function writer(): AuditedWriter {
	const audit = new AuditLog({
		append: async (line) => void (auditText += line),
		readAll: async () => auditText,
		replace: async (content) => void (auditText = content),
	});
	return new AuditedWriter({ store: folder.open(), audit, clock, excludedFolders: ["Private"] });
}

/** Every byte the test put on disk, inside the vault and outside it, to prove nothing changed. */
function everyTarget(): string[] {
	return [
		readFileSync(join(folder.root, "Notes/real.md"), "utf8"),
		readFileSync(join(folder.root, "Private/secret.md"), "utf8"),
		readFileSync(join(folder.root, "Plain.md"), "utf8"),
		...readdirSync(outside).map((name) => `${name}: ${readFileSync(join(outside, name), "utf8")}`),
		...readdirSync(join(folder.root, "Notes")),
	];
}

const attempts: [string, string, (writer: AuditedWriter) => Promise<unknown>][] = [
	["append to a linked file inside the vault", "alias.md", (w) => w.appendToNote("alias.md", "more\n", intent)],
	["append to a linked file outside the vault", "escape.md", (w) => w.appendToNote("escape.md", "more\n", intent)],
	["append to a link to a private note", "shared.md", (w) => w.appendToNote("shared.md", "more\n", intent)],
	[
		"rewrite a link to a private note",
		"shared.md",
		(w) => w.processNote("shared.md", (text) => `${text}more\n`, intent),
	],
	[
		"apply an approved edit to a linked file",
		"escape.md",
		(w) => w.applyApprovedEdit("escape.md", sha256Hex("outside text\n"), () => "approved\n", intent),
	],
	["create over a linked file", "alias.md", (w) => w.createNote("alias.md", "new\n", intent)],
	[
		"append below a linked folder inside the vault",
		"Linked/real.md",
		(w) => w.appendToNote("Linked/real.md", "more\n", intent),
	],
	[
		"create below a linked folder inside the vault",
		"Linked/new.md",
		(w) => w.createNote("Linked/new.md", "new\n", intent),
	],
	["append below a linked folder outside the vault", "Out/x.md", (w) => w.appendToNote("Out/x.md", "more\n", intent)],
	["create below a linked folder outside the vault", "Out/new.md", (w) => w.createNote("Out/new.md", "new\n", intent)],
	[
		"create in a new folder below a linked folder",
		"Out/deeper/new.md",
		(w) => w.createNote("Out/deeper/new.md", "new\n", intent),
	],
	["move a note into a linked folder", "Out/Plain.md", (w) => w.moveNote("Plain.md", "Out/Plain.md", intent)],
	["move a linked file", "alias.md", (w) => w.moveNote("alias.md", "Moved.md", intent)],
];

describe("writes through a symbolic link", () => {
	it.each(attempts)(
		"are refused: %s; the target is untouched and the trail records the refusal, no write",
		async (_case, refusedPath, attempt) => {
			const before = everyTarget();
			const error = await attempt(writer()).catch((thrown: unknown) => thrown);
			expect(error).toBeInstanceOf(UnsafePathError);
			expect((error as UnsafePathError).message).toContain("symbolic link");
			expect(everyTarget()).toEqual(before);
			const trail = parseAuditLog(auditText);
			expect(trail.records).toEqual([]);
			expect(trail.refusals).toEqual([
				expect.objectContaining({ path: refusedPath, refused: "symlink", actor: "assistant", reason: intent.reason }),
			]);
		},
	);

	it("leaves links out of the vault's listing, and refuses to read through one", async () => {
		const vault = folder.open();
		expect(
			vault
				.listFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(["Notes/real.md", "Plain.md", "Private/secret.md"]);
		expect(vault.listFolders().sort()).toEqual(["Notes", "Private"]);
		await expect(vault.read("shared.md")).rejects.toBeInstanceOf(UnsafePathError);
		await expect(vault.read("Out/x.md")).rejects.toBeInstanceOf(UnsafePathError);
	});

	it("refuses a note whose folder became a link after the vault was opened", async () => {
		mkdirSync(join(folder.root, "Later"));
		writeFileSync(join(folder.root, "Later/note.md"), "later\n");
		const w = writer();
		rmSync(join(folder.root, "Later"), { recursive: true });
		symlinkSync(outside, join(folder.root, "Later"), "dir");
		writeFileSync(join(outside, "note.md"), "outside note\n");
		await expect(w.appendToNote("Later/note.md", "more\n", intent)).rejects.toBeInstanceOf(UnsafePathError);
		expect(readFileSync(join(outside, "note.md"), "utf8")).toBe("outside note\n");
	});
});
