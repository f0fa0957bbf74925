import {
	applyOnboarding,
	draftIdentityFiles,
	planOnboarding,
	readExistingFiles,
	type OnboardingPlan,
} from "../../../src/core/onboarding";
import type { IdentityRole } from "../../../src/core/workspace/identity";
import { layoutFor } from "../../../src/core/workspace/layout";
import { templatesFor } from "../../../src/core/workspace/templates";
import { memoryFixture } from "../memory/fixture";
import { MINA, POLICY, TODAY } from "./onboardingFixture";

const LAYOUT = layoutFor("");
const draft = draftIdentityFiles(MINA, "en", TODAY, POLICY);
const MY_SOUL = "# Soul\n\nI am terse. My own words.\n";

async function onboard(
	files: Record<string, string>,
	replace: IdentityRole[],
	beforeApply?: (fixture: ReturnType<typeof memoryFixture>) => Promise<void>,
) {
	const fixture = memoryFixture(files, `${TODAY}T10:00:00Z`);
	const plan: OnboardingPlan = planOnboarding(draft, await readExistingFiles(fixture.deps.vault, LAYOUT), LAYOUT);
	await beforeApply?.(fixture);
	const outcomes = await applyOnboarding(plan, new Set(replace), {
		vault: fixture.deps.vault,
		writer: fixture.deps.writer,
		archiveFolder: LAYOUT.archiveFolder,
		today: TODAY,
	});
	return { fixture, outcomes, files: await fixture.snapshot() };
}

describe("applying the onboarding plan", () => {
	it("writes every file into a fresh vault, each write audited", async () => {
		const { outcomes, files, fixture } = await onboard({}, []);
		expect(outcomes.map((outcome) => outcome.kind)).toEqual(["created", "created", "created", "created", "created"]);
		expect(files["soul.md"]).toBe(draft.files.soul);
		expect(files["memory.md"]).toBe(draft.newMemory);
		expect(fixture.records().map((record) => [record.action, record.path, record.actor])).toEqual([
			["create", "soul.md", "user"],
			["create", "user.md", "user"],
			["create", "claude.md", "user"],
			["create", "memory.md", "user"],
			["create", "HEARTBEAT.md", "user"],
		]);
	});

	it("never replaces an existing file without consent: kept byte for byte", async () => {
		const { outcomes, files } = await onboard({ "soul.md": MY_SOUL, "memory.md": "# Memory\n" }, []);
		expect(outcomes.find((outcome) => outcome.path === "soul.md")?.kind).toBe("kept");
		expect(outcomes.find((outcome) => outcome.path === "memory.md")?.kind).toBe("kept");
		expect(files["soul.md"]).toBe(MY_SOUL);
		expect(files["memory.md"]).toBe("# Memory\n");
		expect(Object.keys(files).some((path) => path.startsWith("memory/archive"))).toBe(false);
	});

	it("keeps the previous content in the archive before it replaces a file", async () => {
		const { outcomes, files, fixture } = await onboard({ "soul.md": MY_SOUL }, ["soul"]);
		const keptAt = `memory/archive/onboarding/${TODAY}/soul.md`;
		expect(outcomes[0]).toEqual({ kind: "replaced", path: "soul.md", keptAt });
		expect(files[keptAt]).toBe(MY_SOUL);
		expect(files["soul.md"]).toBe(draft.files.soul);
		const [archived, replaced] = fixture.records();
		expect([archived.action, archived.path, replaced.action, replaced.path]).toEqual([
			"create",
			keptAt,
			"process",
			"soul.md",
		]);
		expect(replaced.sha256Before).toBe(archived.sha256After);
	});

	it("keeps a second replacement the same day beside the first", async () => {
		const keptAt = `memory/archive/onboarding/${TODAY}/soul.md`;
		const { outcomes, files } = await onboard({ "soul.md": MY_SOUL, [keptAt]: "an earlier soul" }, ["soul"]);
		expect(outcomes[0]).toMatchObject({ kind: "replaced", keptAt: `memory/archive/onboarding/${TODAY}/soul 2.md` });
		expect(files[keptAt]).toBe("an earlier soul");
	});

	it("adds the memory section to memory.md without archiving: it only gains text", async () => {
		const { outcomes, files } = await onboard({ "memory.md": "# Memory\n\n- Prefers tea.\n" }, ["memory"]);
		expect(outcomes.find((outcome) => outcome.path === "memory.md")?.kind).toBe("appended");
		expect(files["memory.md"]).toBe(`# Memory\n\n- Prefers tea.\n\n${draft.memorySection}`);
	});

	it("leaves a file alone when it changed after the review", async () => {
		const { outcomes, files } = await onboard({ "soul.md": MY_SOUL }, ["soul"], async ({ vault }) => {
			await vault.process("soul.md", (text) => `${text}An edit made during the review.\n`);
		});
		expect(outcomes[0]).toEqual({ kind: "changed-since-review", path: "soul.md" });
		expect(files["soul.md"]).toBe(`${MY_SOUL}An edit made during the review.\n`);
		// Another file created meanwhile is not overwritten either.
		const created = await onboard({}, [], async ({ vault }) => void (await vault.create("user.md", "mine")));
		expect(created.outcomes[1]).toEqual({ kind: "changed-since-review", path: "user.md" });
		expect(created.files["user.md"]).toBe("mine");
	});

	it("skips a file that already holds the draft and writes nothing for it", async () => {
		const { outcomes, fixture } = await onboard(
			{ "HEARTBEAT.md": draft.files.heartbeat, "claude.md": templatesFor("en").rules },
			["rules"],
		);
		expect(outcomes.find((outcome) => outcome.path === "HEARTBEAT.md")?.kind).toBe("unchanged");
		expect(fixture.records().some((record) => record.path === "HEARTBEAT.md")).toBe(false);
	});
});
