import { readExclusionList } from "../../../src/core/vault/exclusionList";

const names = (kind: "folders" | "tags", ...entries: string[]) => readExclusionList(kind, entries).names;

describe("reading a list of private folders or tags as typed", () => {
	it("reads each typed folder as the folder it names, keeping the spaces inside a name", () => {
		expect(names("folders", '"Private"', "'Private'", "Private;", "“Private”", "/Private/", "[Private]")).toEqual([
			"Private",
		]);
		expect(names("folders", "Private, Journal")).toEqual(["Private", "Journal"]);
		expect(names("folders", "Private; Journal\nMy Journal,\n\n")).toEqual(["Private", "Journal", "My Journal"]);
		expect(names("folders", "私人，日记、工作；家")).toEqual(["私人", "日记", "工作", "家"]);
		expect(names("folders", "Notes (old)", "Work/Clients/*", '"(Archive)",')).toEqual([
			"Notes (old)",
			"Work/Clients/*",
			"Archive",
		]);
		expect(names("folders", "[Private, Journal]", '["Private", "My Journal"]')).toEqual([
			"Private",
			"Journal",
			"My Journal",
		]);
		expect(
			names("folders", "- Private", "* Private", "+ Private", "• Private", "1. Private", "1) Private", "- [ ] Private"),
		).toEqual(["Private"]);
		expect(names("folders", "~/Private", "Private%20Notes", "日记・旅行")).toEqual([
			"Private",
			"Private Notes",
			"日记・旅行",
		]);
		expect(names("folders", "Private\tJournal", "Private | Journal", "Private\u3000Journal")).toEqual([
			"Private",
			"Journal",
		]);
		// The vault's root names no folder: hiding everything is a typo, not a wish.
		expect(names("folders", "/", '"/"', ",;")).toEqual([]);
	});

	it("reads each typed tag as the tag it names, a space separating tags as a comma does", () => {
		expect(names("tags", "#health #secret", "secret,", "(secret)", '"#health"', "＃health、secret")).toEqual([
			"health",
			"secret",
		]);
		expect(names("tags", "Health/Sleep/", "#a\t#b\u3000c")).toEqual(["Health/Sleep", "a", "b", "c"]);
		expect(names("tags", "- #health", "1. secret | diary")).toEqual(["health", "secret", "diary"]);
	});

	it("gives names in NFC, as Obsidian names paths", () => {
		expect(names("folders", "Re\u0301sume\u0301")).toEqual(["R\u00e9sum\u00e9"]);
		expect(names("tags", "#cafe\u0301")).toEqual(["caf\u00e9"]);
	});

	it("keeps, for folders only, each line and part as typed among the rules when it reads otherwise", () => {
		expect(readExclusionList("folders", ["Work, Home"]).rules).toEqual(["Work", "Home", "Work, Home"]);
		expect(readExclusionList("folders", ["Why?"]).rules).toEqual(["Why", "Why?"]);
		expect(readExclusionList("folders", ["Private"]).rules).toEqual(["Private"]);
		expect(readExclusionList("tags", ["(secret), #health"]).rules).toEqual(["secret", "health"]);
	});

	it("reads the rules it gives as the same rules, so a list read twice hides the same", () => {
		const typed = [
			'"Private", Journal;',
			"Notes (old)",
			"[Work, Home]",
			"/",
			"Why?",
			"#x",
			'- "- Private"',
			"1. Projects | ~/Old",
			"100%2525",
		];
		for (const kind of ["folders", "tags"] as const) {
			const once = readExclusionList(kind, typed).rules;
			expect(new Set(readExclusionList(kind, once).rules)).toEqual(new Set(once));
		}
	});
});
