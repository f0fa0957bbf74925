import { draftIdentityFiles, planOnboarding, readExistingFiles, type FilePlan } from "../../../src/core/onboarding";
import { lineDiff } from "../../../src/core/text/lineDiff";
import { layoutFor } from "../../../src/core/workspace/layout";
import { templatesFor } from "../../../src/core/workspace/templates";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { MINA, POLICY, TODAY } from "./onboardingFixture";

const LAYOUT = layoutFor("");
const draft = draftIdentityFiles(MINA, "en", TODAY, POLICY);

async function planOn(files: Record<string, string>) {
	const vault = new MemoryVault({ files });
	return planOnboarding(draft, await readExistingFiles(viewOf(vault), LAYOUT), LAYOUT);
}

const byRole = (files: readonly FilePlan[], role: FilePlan["role"]) => {
	const found = files.find((file) => file.role === role);
	if (found === undefined) throw new Error(`no plan for ${role}`);
	return found;
};

describe("the onboarding plan", () => {
	it("creates every file in a fresh vault", async () => {
		const plan = await planOn({});
		expect(plan.files.map((file) => [file.path, file.state])).toEqual([
			["soul.md", "new"],
			["user.md", "new"],
			["claude.md", "new"],
			["memory.md", "new"],
			["HEARTBEAT.md", "new"],
		]);
		expect(plan.settings).toEqual(draft.settings);
	});

	it("skips a file that already holds the draft, and finds files under their aliases", async () => {
		const plan = await planOn({
			"soul.md": draft.files.soul,
			"AGENTS.md": draft.files.rules,
			"Memory.md": draft.newMemory,
		});
		expect(byRole(plan.files, "soul").state).toBe("identical");
		expect(byRole(plan.files, "rules")).toMatchObject({ path: "AGENTS.md", state: "identical" });
		expect(byRole(plan.files, "memory")).toMatchObject({ path: "Memory.md", state: "identical" });
	});

	it("asks about a changed file with a diff, proposing to keep what the user wrote", async () => {
		const mine = "# Soul\n\nI am terse.\n";
		const soul = byRole((await planOn({ "soul.md": mine })).files, "soul");
		expect(soul).toMatchObject({
			state: "changed",
			existing: mine,
			planned: draft.files.soul,
			addsOnly: false,
			proposed: "keep",
		});
		expect(soul.diff).toContainEqual({ kind: "removed", text: "I am terse." });
		expect(soul.diff).toContainEqual({ kind: "added", text: "- Short answers, no emoji" });
	});

	it("proposes to replace a file that is still a template, in either language", async () => {
		const plan = await planOn({
			"soul.md": templatesFor("zh").soul,
			"user.md": templatesFor("en").user.replace(/\n/g, "\r\n"),
		});
		expect(byRole(plan.files, "soul")).toMatchObject({ state: "changed", proposed: "replace" });
		expect(byRole(plan.files, "user")).toMatchObject({ state: "changed", proposed: "replace" });
	});

	it("only adds to memory.md, which is append-only, and adds nothing twice", async () => {
		const mine = "# Long-term memory\n\n- Prefers tea.";
		const memory = byRole((await planOn({ "memory.md": mine })).files, "memory");
		expect(memory).toMatchObject({ state: "changed", addsOnly: true, proposed: "replace" });
		expect(memory.planned).toBe(`${mine}\n\n${draft.memorySection}`);
		expect(memory.diff.filter((line) => line.kind === "removed")).toEqual([]);
		const again = byRole((await planOn({ "memory.md": memory.planned })).files, "memory");
		expect(again.state).toBe("identical");
	});
});

describe("the line diff", () => {
	it("shows changed lines with context and folds long unchanged runs", () => {
		const before = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].join("\n");
		const after = ["a", "B", "c", "d", "e", "f", "g", "h", "i", "j", "k"].join("\n");
		expect(lineDiff(before, after, 1)).toEqual([
			{ kind: "context", text: "a" },
			{ kind: "removed", text: "b" },
			{ kind: "added", text: "B" },
			{ kind: "context", text: "c" },
			{ kind: "gap", lines: 6 },
			{ kind: "context", text: "j" },
			{ kind: "added", text: "k" },
		]);
		expect(lineDiff(before, before)).toEqual([]);
	});
});
