/**
 * A note saved in Latin-1 (`café` as the single byte 0xE9) that links to a note being organized:
 * the move's link update read it as UTF-8, the byte turned into U+FFFD, and the note was written
 * back so, every other accented letter of it replaced for good. A note that is not valid UTF-8 is
 * never re-encoded by any write of the headless host: its link is left, and the move says so.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AuditLog } from "../../src/core/audit/auditLog";
import { AuditedWriter, WriteRefusedError } from "../../src/core/vault/auditedWriter";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { App, asObsidianApp } from "../../sandbox/obsidianApi";
import { ObsidianNoteStore } from "../../src/obsidian/vaultNoteStore";
import { TempVault } from "../headless/tempVault";
import { copyOfExampleVault, runCli } from "../scripts/runCli";

jest.setTimeout(60_000);

/** "Café crème, see [[Plan]]." in Latin-1: 0xE9 and 0xE8 are not UTF-8 on their own. */
const LATIN1 = Buffer.from("Caf\u00e9 cr\u00e8me, see [[Plan]].\n", "latin1");

let folder: TempVault;

beforeEach(() => {
	folder = new TempVault()
		.put("Plan.md", "# Plan\n")
		.put("Notes/latin.md", LATIN1)
		.put("Notes/utf8.md", "Caf\u00e9, see [[Plan]].\n");
});

afterEach(() => folder.remove());

function writerOver(vault: ReturnType<TempVault["open"]>): AuditedWriter {
	const clock = { now: () => new Date("2026-03-15T09:00:00Z") };
	return new AuditedWriter({ store: vault, audit: new AuditLog(new MemoryLogFile()), clock, excludedFolders: [] });
}

describe("a move whose links are in a note that is not UTF-8", () => {
	it("leaves that note byte for byte, updates the others, and names it", async () => {
		const vault = folder.open();
		const outcome = await writerOver(vault).moveNote("Plan.md", "Projects/Roadmap.md", {
			actor: "user",
			reason: "organize",
		});
		expect(readFileSync(join(folder.root, "Notes/latin.md")).equals(LATIN1)).toBe(true);
		expect(readFileSync(join(folder.root, "Notes/utf8.md"), "utf8")).toBe("Caf\u00e9, see [[Roadmap]].\n");
		expect(outcome.linksLeft).toEqual(["Notes/latin.md"]);
		await vault.settled();
	});

	it("is never re-encoded by any other write through the store either", async () => {
		const vault = folder.open();
		await expect(vault.process("Notes/latin.md", (text) => `${text}- one more line\n`)).rejects.toThrow(
			WriteRefusedError,
		);
		await expect(
			vault.processFrontMatter("Notes/latin.md", (properties) => {
				properties.tags = ["food"];
			}),
		).rejects.toThrow(WriteRefusedError);
		expect(readFileSync(join(folder.root, "Notes/latin.md")).equals(LATIN1)).toBe(true);
	});

	it("is not moved in Obsidian, whose own link update would rewrite that note's bytes", async () => {
		const files = { "Plan.md": "# Plan\n", "Notes/latin.md": LATIN1, "Notes/utf8.md": "see [[Plan]]\n" };
		const memory = new MemoryVault({ files });
		const store = new ObsidianNoteStore(asObsidianApp(new App(memory)));
		const clock = { now: () => new Date("2026-03-15T09:00:00Z") };
		const writer = new AuditedWriter({ store, audit: new AuditLog(new MemoryLogFile()), clock, excludedFolders: [] });
		await expect(
			writer.moveNote("Plan.md", "Projects/Roadmap.md", { actor: "user", reason: "organize" }),
		).rejects.toThrow(new WriteRefusedError("not-plain-text", "Notes/latin.md"));
		expect(Buffer.from(await memory.readBinary("Notes/latin.md")).equals(LATIN1)).toBe(true);
		expect(memory.stat("Plan.md")).not.toBeNull();
		expect(await memory.read("Notes/utf8.md")).toBe("see [[Plan]]\n");
	});

	it("is named by organize on the command line, in the preview and after the move", () => {
		const vault = copyOfExampleVault();
		mkdirSync(join(vault, "Inbox"), { recursive: true });
		writeFileSync(join(vault, "Inbox/Sleep lab.md"), "Booked the lab for [[Thesis - sleep and memory]].\n");
		writeFileSync(join(vault, "Latin.md"), Buffer.from("Caf\u00e9 au lait, see [[Inbox/Sleep lab]].\n", "latin1"));
		writeFileSync(
			join(vault, "Welcome.md"),
			`${readFileSync(join(vault, "Welcome.md"), "utf8")}\nSee [[Inbox/Sleep lab]].\n`,
		);
		const organize = (...more: string[]) =>
			runCli("organize", "--vault", vault, "--note", "Inbox/Sleep lab.md", "--offline", ...more);

		const preview = organize();
		expect(preview.code).toBe(0);
		expect(preview.stdout).toContain("Would move to Projects/Sleep lab.md");
		expect(preview.stdout).toContain("not plain UTF-8 text");
		expect(preview.stdout).toContain("Latin.md");

		const applied = organize("--apply", "--json");
		expect(applied.code).toBe(0);
		expect(JSON.parse(applied.stdout)).toMatchObject({
			moved: "Projects/Sleep lab.md",
			linksUpdated: ["Welcome.md"],
			linksLeft: ["Latin.md"],
		});
		expect(
			readFileSync(join(vault, "Latin.md")).equals(
				Buffer.from("Caf\u00e9 au lait, see [[Inbox/Sleep lab]].\n", "latin1"),
			),
		).toBe(true);
		expect(readFileSync(join(vault, "Welcome.md"), "utf8")).not.toContain("[[Inbox/Sleep lab]]");
	});
});
