import { currentLanguage, LANGUAGES, LOCALES, setLanguage } from "../../src/i18n";
import { formatCount, formatSeconds } from "../../src/obsidian/localeFormat";

describe("numbers as the interface language writes them", () => {
	const before = currentLanguage();
	afterEach(() => setLanguage(before));

	it("write counts as the language's own number format does, in every language, after a change of language too", () => {
		const counts = [0, 7, 999, 1000, 10_000, 123_456, 1_234_567, 9_007_199_254_740_991, -1204, 3.5];
		for (const language of [...LANGUAGES, ...LANGUAGES]) {
			setLanguage(language);
			const format = new Intl.NumberFormat(LOCALES[language]);
			expect(counts.map(formatCount)).toEqual(counts.map((count) => format.format(count)));
		}
	});

	it("write seconds with one decimal", () => {
		setLanguage("en");
		expect(formatSeconds(3210)).toBe("3.2");
		expect(formatSeconds(12_345_678)).toBe("12,345.7");
	});
});
