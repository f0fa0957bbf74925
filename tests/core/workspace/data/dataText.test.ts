import { readDataText } from "../../../../src/core/workspace/data/dataText";

const SETTINGS =
	'{\n  "schemaVersion": 2,\n  "settings": { "excludedFolders": ["Private"], "excludedTags": ["secret"] },\n  "state": {}\n}';
const PARSED = JSON.parse(SETTINGS) as unknown;

describe("reading the text of data.json", () => {
	it("reads strict JSON as it is, with nothing repaired (CRLF line ends are JSON's own white space)", () => {
		expect(readDataText(SETTINGS)).toEqual({ ok: true, value: PARSED, repaired: false });
		expect(readDataText(SETTINGS.replace(/\n/g, "\r\n"))).toEqual({ ok: true, value: PARSED, repaired: false });
	});

	it.each([
		["a byte-order mark", `\uFEFF${SETTINGS}`],
		["a line comment", SETTINGS.replace('"state"', '// what the plugin remembers\n  "state"')],
		[
			"a block comment, before the object too",
			`/* mine */ ${SETTINGS.replace('["Private"]', '["Private" /* and more */]')}`,
		],
		["trailing commas", SETTINGS.replace('["secret"]', '["secret",],')],
		["the tail of a longer file left after the object", `${SETTINGS}\n  ]\n}\n\u0000\u0000`],
		["CRLF and a byte-order mark together", `\uFEFF${SETTINGS.replace(/\n/g, "\r\n")}`],
	])("reads the object a person meant despite %s, and says it was repaired", (_, text) => {
		expect(readDataText(text)).toEqual({ ok: true, value: PARSED, repaired: true });
	});

	it("keeps comment markers inside strings as text", () => {
		const text = '{"settings": {"excludedFolders": ["a//b", "c/*d*/"]}}';
		expect(readDataText(text)).toEqual({ ok: true, value: JSON.parse(text) as unknown, repaired: false });
	});

	it.each([
		["two objects, as a sync conflict leaves them", `${SETTINGS}${SETTINGS}`],
		["two objects on their own lines", `${SETTINGS}\n${SETTINGS}\n`],
		["git's conflict markers around two versions", `<<<<<<< HEAD\n${SETTINGS}\n=======\n${SETTINGS}\n>>>>>>> theirs\n`],
		["conflict markers inside the object", SETTINGS.replace('"state"', '<<<<<<< ours\n"state"')],
	])("refuses %s rather than guess which one is meant", (_, text) => {
		expect(readDataText(text).ok).toBe(false);
	});

	it.each([
		["empty", "", "empty"],
		["only white space and a mark", "\uFEFF \r\n ", "empty"],
		["truncated", SETTINGS.slice(0, 40), "not-json"],
		["truncated inside a string", '{"settings": {"excludedFolders": ["Priv', "not-json"],
		["an unclosed comment", `${SETTINGS.slice(0, 20)} /* `, "not-json"],
		["random bytes", "\u0007\u00ff\u1234garbage", "not-json"],
		["an object with garbage inside", '{"settings": nope}', "not-json"],
	])("refuses a file that is %s", (_, text, reason) => {
		expect(readDataText(text)).toEqual({ ok: false, reason });
	});

	it("refuses absurd nesting without exhausting the stack, in linear time", () => {
		const deep = `{"settings": ${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
		const started = Date.now();
		expect(readDataText(deep)).toEqual({ ok: false, reason: "not-json" });
		expect(Date.now() - started).toBeLessThan(2000);
	});
});
