import {
	assembleContext,
	type AssembledContext,
	type ContextBudgets,
	type IdentityNotes,
} from "../../../../src/core/agent/context";
import { contextInput, numberedLines } from "./contextFixture";

const big = (name: string, lines = 400) => ({ path: `Assistant/${name}`, text: numberedLines(name, lines) });

function assembleIdentity(identity: IdentityNotes, budgets: Partial<ContextBudgets> = {}): AssembledContext {
	return assembleContext(contextInput({ identity }), budgets);
}

const identityReport = (context: AssembledContext) => context.report.layers.find((layer) => layer.layer === "identity");

describe("the identity layer", () => {
	it("sends small identity files whole, soul, user then claude.md, each tagged with its path", () => {
		const context = assembleContext(contextInput());
		const identity = context.system[0].text;
		expect(identity).toContain(
			'<identity-file role="soul" path="Assistant/soul.md">\n# Soul\n\nCalm, precise, brief.\n</identity-file>',
		);
		expect(identity.indexOf('role="soul"')).toBeLessThan(identity.indexOf('role="user"'));
		expect(identity.indexOf('role="user"')).toBeLessThan(identity.indexOf('role="rules"'));
		expect(identityReport(context)?.cuts).toEqual([]);
	});

	it("cuts a file over its budget to its head and tail, with a marker naming the path and the omitted lines", () => {
		const soul = big("soul.md");
		const context = assembleIdentity({ ...contextInput().identity, soul }, { identityFileTokens: 1000 });
		const identity = context.system[0].text;

		expect(identity).toContain("soul.md line 1 ");
		expect(identity).toContain("soul.md line 400 ");
		const marker =
			/\[… lines (\d+)–(\d+) of Assistant\/soul\.md not shown here \(about [\d,]+ tokens\)\. Read them with memory_get \{"path":"Assistant\/soul\.md","line_start":(\d+),"line_end":(\d+)\} …\]/.exec(
				identity,
			);
		expect(marker).not.toBeNull();
		const [first, last] = [Number(marker?.[1]), Number(marker?.[2])];
		expect([Number(marker?.[3]), Number(marker?.[4])]).toEqual([first, last]);
		expect(identity).not.toContain(`soul.md line ${first} `);
		expect(identity).toContain(`soul.md line ${first - 1} `);
		expect(identity).toContain(`soul.md line ${last + 1} `);
		expect(identity).toContain("Answer in the user's language.");
		expect(identityReport(context)?.cuts).toEqual([
			expect.objectContaining({
				subject: "Assistant/soul.md",
				kind: "shortened",
				reason: "note-budget",
				omittedLines: [{ firstLine: first, lastLine: last }],
			}),
		]);
	});

	it("keeps claude.md when the layer is too tight for the others, which are left out with a pointer", () => {
		const identity = { soul: big("soul.md"), user: big("user.md"), rules: big("claude.md", 30) };
		const context = assembleIdentity(identity, { identityTokens: 700 });
		const text = context.system[0].text;

		expect(text).toContain('<identity-file role="rules" path="Assistant/claude.md">');
		expect(text).toContain("claude.md line 30 ");
		expect(text).toContain(
			'[Assistant/soul.md is not shown here: the identity budget is full. Read it with memory_get {"path":"Assistant/soul.md"}.]',
		);
		expect(text).toContain(
			'[Assistant/user.md is not shown here: the identity budget is full. Read it with memory_get {"path":"Assistant/user.md"}.]',
		);
		expect(identityReport(context)?.tokens).toBeLessThanOrEqual(700);
		expect(identityReport(context)?.cuts).toEqual([
			expect.objectContaining({
				subject: "Assistant/soul.md",
				kind: "left-out",
				reason: "layer-budget",
				shownTokens: 0,
			}),
			expect.objectContaining({
				subject: "Assistant/user.md",
				kind: "left-out",
				reason: "layer-budget",
				shownTokens: 0,
			}),
		]);
	});

	it("shrinks soul.md and user.md evenly first, then lets soul.md go before user.md", () => {
		const identity = { soul: big("soul.md"), user: big("user.md"), rules: contextInput().identity.rules };

		const shrunk = assembleIdentity(identity, { identityTokens: 1200 });
		expect(identityReport(shrunk)?.cuts.map((cut) => [cut.subject, cut.kind, cut.reason])).toEqual([
			["Assistant/soul.md", "shortened", "layer-budget"],
			["Assistant/user.md", "shortened", "layer-budget"],
		]);
		const [soulShown, userShown] = identityReport(shrunk)?.cuts.map((cut) => cut.shownTokens) ?? [];
		expect(Math.abs(soulShown - userShown)).toBeLessThan(20);
		expect(identityReport(shrunk)?.tokens).toBeLessThanOrEqual(1200);

		const tight = assembleIdentity(identity, { identityTokens: 400 });
		expect(identityReport(tight)?.cuts.map((cut) => [cut.subject, cut.kind])).toEqual([
			["Assistant/soul.md", "left-out"],
			["Assistant/user.md", "shortened"],
		]);
		expect(tight.system[0].text).toContain("user.md line 1 ");
		expect(tight.system[0].text).toContain("Answer in the user's language.");
		expect(identityReport(tight)?.tokens).toBeLessThanOrEqual(400);
	});

	it("cuts a claude.md longer than the whole layer to what the layer holds, never leaving it out", () => {
		const identity = { soul: big("soul.md"), user: big("user.md"), rules: big("claude.md") };
		const context = assembleIdentity(identity, { identityTokens: 400 });
		const text = context.system[0].text;
		expect(text).toContain("claude.md line 1 ");
		expect(text).toContain("claude.md line 400 ");
		expect(text).toMatch(/\[… lines \d+–\d+ of Assistant\/claude\.md not shown here/);
		expect(identityReport(context)?.tokens).toBeLessThanOrEqual(400);
		expect(identityReport(context)?.cuts.find((cut) => cut.subject === "Assistant/claude.md")).toMatchObject({
			kind: "shortened",
			reason: "layer-budget",
		});
	});

	it("fits three files at their full budget within the default layer budget", () => {
		const context = assembleIdentity({ soul: big("soul.md"), user: big("user.md"), rules: big("claude.md") });
		const report = identityReport(context);
		expect(report?.tokens).toBeLessThanOrEqual(6000);
		expect(report?.cuts.map((cut) => cut.reason)).toEqual(["note-budget", "note-budget", "note-budget"]);
	});

	it("sends no identity layer, and no cache breakpoint, when there are no identity files", () => {
		const context = assembleIdentity({ soul: null, user: null, rules: null });
		expect(identityReport(context)).toMatchObject({ tokens: 0, skipped: "no identity files" });
		expect(context.system.some((block) => block.cacheBreakpoint === true)).toBe(false);
	});
});
