import { indexOfVault, searchPaths } from "../vaultFixtures";

describe("temporal decay", () => {
	it("puts the newer daily note of the same fact above the older", () => {
		const fact = "Decided: the deploy target is Fly.io.";
		const index = indexOfVault({ "memory/daily/2026-01-05.md": fact, "memory/daily/2026-03-10.md": fact });
		expect(searchPaths(index, "deploy target")).toEqual(["memory/daily/2026-03-10.md", "memory/daily/2026-01-05.md"]);
	});

	it("applies before selection: a limit of one keeps the recent note, not a stronger old one", () => {
		const files: Record<string, string> = { "memory/daily/2026-03-14.md": "Talked about the garden once." };
		for (let month = 1; month <= 6; month++) {
			files[`memory/daily/2025-0${month}-01.md`] = "Garden: garden beds, garden tools, the garden plan.";
		}
		const index = indexOfVault(files);
		expect(searchPaths(index, "garden", { limit: 1 })).toEqual(["memory/daily/2026-03-14.md"]);
	});

	it("does not bury a months-old note that is the only good answer below notes sharing a title word", () => {
		const index = indexOfVault({
			"memory/daily/2025-11-20.md": "We chose Postgres for the billing service because of row-level security.",
			"Billing.md": "Invoices go out on the first of the month.",
			"Security.md": "Rotate the keys every quarter.",
			"Service.md": "The service desk opens at nine.",
		});
		expect(searchPaths(index, "why did we choose postgres for billing security")[0]).toBe("memory/daily/2025-11-20.md");
	});

	it("never decays long-term memory or undated notes, even when named by a date outside the daily folder", () => {
		const fact = "The office wifi password rotates monthly.";
		const index = indexOfVault({
			"memory/daily/2026-03-15.md": fact,
			"memory.md": fact,
			"Notes/2020-01-01 office.md": fact,
			"memory/daily/2025-01-01.md": fact,
		});
		expect(searchPaths(index, "wifi password")).toEqual([
			"Notes/2020-01-01 office.md",
			"memory.md",
			"memory/daily/2026-03-15.md",
			"memory/daily/2025-01-01.md",
		]);
	});

	it("counts a future date as today, and reads dates with a suffix at any depth of the daily folder", () => {
		const fact = "Dentist appointment confirmed.";
		const index = indexOfVault({
			"memory/daily/2026-04-01.md": fact,
			"memory/daily/2025/12/2025-12-01 errands.md": fact,
			"memory/daily/2026-03-15.md": fact,
			"memory/daily/not a date.md": fact,
		});
		expect(searchPaths(index, "dentist")).toEqual([
			"memory/daily/2026-03-15.md",
			"memory/daily/2026-04-01.md",
			"memory/daily/not a date.md",
			"memory/daily/2025/12/2025-12-01 errands.md",
		]);
	});
});
