import { classifyReply } from "../../../src/core/heartbeat/reply";

const silent = { kind: "acknowledgement" };
const shown = (text: string) => ({ kind: "message", text });

describe("the heartbeat's answer", () => {
	it.each([
		"HEARTBEAT_OK",
		"  HEARTBEAT_OK\n",
		"**HEARTBEAT_OK**",
		"<b>HEARTBEAT_OK</b>",
		"<strong>HEARTBEAT_OK</strong>",
		"`HEARTBEAT_OK`",
		"_HEARTBEAT_OK_",
		"HEARTBEAT_OK.",
		"HEARTBEAT_OK!",
		"HEARTBEAT_OK。",
		"**HEARTBEAT_OK**.",
		"**HEARTBEAT_OK.**",
		"heartbeat_ok",
	])("%p alone is an acknowledgement: silent", (reply) => {
		expect(classifyReply(reply)).toEqual(silent);
	});

	it.each([
		"All clear. HEARTBEAT_OK",
		"HEARTBEAT_OK — all clear",
		"All good, nothing needs your attention today. **HEARTBEAT_OK**",
		"Nothing to report",
		"Nothing to report today.",
		"✅ All clear!",
		"OK",
		"No reminders for now.",
		"Everything's fine. HEARTBEAT_OK",
		"Everything’s fine.",
	])("English filler %p is silent", (reply) => {
		expect(classifyReply(reply)).toEqual(silent);
	});

	it.each([
		"一切正常 HEARTBEAT_OK",
		"一切正常，没有需要提醒的。",
		"没有需要提醒的",
		"今天没有需要提醒的事情。HEARTBEAT_OK",
		"目前一切正常",
		"好的，HEARTBEAT_OK",
		"一切正常没有需要提醒的",
		"**一切正常** HEARTBEAT_OK",
	])("Chinese filler %p is silent", (reply) => {
		expect(classifyReply(reply)).toEqual(silent);
	});

	it.each([
		["Reminder: call mom at 5pm. HEARTBEAT_OK", "Reminder: call mom at 5pm."],
		["**HEARTBEAT_OK** Reminder: call mom at 5pm.", "Reminder: call mom at 5pm."],
		["Call mom.", "Call mom."],
		["Dentist at 3.", "Dentist at 3."],
		[
			"All clear, but the thesis draft is due tomorrow. HEARTBEAT_OK",
			"All clear, but the thesis draft is due tomorrow.",
		],
		["Nothing urgent. Dr. Lin is waiting for chapter 2.", "Nothing urgent. Dr. Lin is waiting for chapter 2."],
		["Not all clear: the backup failed.", "Not all clear: the backup failed."],
		["Okra delivery at 5.", "Okra delivery at 5."],
		[
			"- Thesis chapter due Friday\n  - send it to Dr. Lin\n\nHEARTBEAT_OK",
			"- Thesis chapter due Friday\n  - send it to Dr. Lin",
		],
	])("an English alert %p is shown, token removed", (reply, text) => {
		expect(classifyReply(reply)).toEqual(shown(text));
	});

	it.each([
		["提醒：下午五点给妈妈打电话。HEARTBEAT_OK", "提醒：下午五点给妈妈打电话。"],
		["论文第二章明天截止。", "论文第二章明天截止。"],
		["一切正常，不过论文明天截止。HEARTBEAT_OK", "一切正常，不过论文明天截止。"],
		["<b>HEARTBEAT_OK</b> 别忘了周日给妈妈打电话", "别忘了周日给妈妈打电话"],
	])("a Chinese alert %p is shown, token removed", (reply, text) => {
		expect(classifyReply(reply)).toEqual(shown(text));
	});

	it("judges by what the text says, not its length: a two-word alert is shown, a long run of filler is not", () => {
		expect(classifyReply("Call Dr. Lin. HEARTBEAT_OK")).toEqual(shown("Call Dr. Lin."));
		expect(classifyReply(`${"All clear. Nothing to report. ".repeat(40)}HEARTBEAT_OK`)).toEqual(silent);
		const long = `Reminder: ${"the grant report needs the figures from chapter 2, ".repeat(10)}HEARTBEAT_OK`;
		expect(classifyReply(long)).toEqual(shown(long.replace(" HEARTBEAT_OK", "")));
	});
});
