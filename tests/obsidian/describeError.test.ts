import { assertContained, ContainmentError } from "../../src/core/vault/containment";
import { WriteRefusedError } from "../../src/core/vault/auditedWriter";
import { setLanguage } from "../../src/i18n";
import { describeError } from "../../src/obsidian/describeError";

function containmentErrorFor(path: string): ContainmentError {
	try {
		assertContained(path, { configDir: ".obsidian", excludedFolders: ["Private"] });
	} catch (error) {
		if (error instanceof ContainmentError) return error;
	}
	throw new Error(`${path} was not refused`);
}

describe("refused writes explained to the user", () => {
	afterEach(() => setLanguage("en"));

	it("names the rule in the user's language, never the absolute path", () => {
		const error = containmentErrorFor("/etc/passwd");
		expect(describeError(error)).toBe("Refused: absolute paths point outside the vault.");
		setLanguage("zh");
		expect(describeError(error)).toBe("已拒绝：绝对路径指向仓库之外。");
	});

	it("says which note a refused write was about", () => {
		expect(describeError(new WriteRefusedError("exists", "soul.md"))).toBe(
			"Not written: soul.md already exists and is never overwritten.",
		);
	});

	it("still says something useful for an unexpected failure", () => {
		expect(describeError(new Error("disk full"))).toBe("Something went wrong: disk full");
	});
});

describe("a note that is not plain text", () => {
	afterEach(() => setLanguage("en"));

	it("is named with the reason, in the user's language", () => {
		const error = new WriteRefusedError("not-plain-text", "scan.md");
		expect(describeError(error)).toBe(
			"Not written: scan.md is not plain text (it holds bytes that are not UTF-8, or a NUL character), so the assistant never edits it.",
		);
		setLanguage("zh");
		expect(describeError(error)).toBe("未写入：scan.md 不是纯文本（含有非 UTF-8 字节或 NUL 字符），助理从不编辑它。");
	});
});
