import { cosine, fakeVector } from "./vectors";

test("the same text always gets the same unit vector", () => {
	const a = fakeVector("Canvas: cards and arrows", 64);

	expect(fakeVector("Canvas: cards and arrows", 64)).toEqual(a);
	expect(Math.hypot(...a)).toBeCloseTo(1, 10);
});

test("texts sharing words are closer than texts sharing none, whatever the case", () => {
	const query = fakeVector("Cards and ARROWS", 64);

	expect(cosine(query, fakeVector("arrows between cards", 64))).toBeGreaterThan(0.5);
	expect(cosine(query, fakeVector("grocery budget", 64))).toBeLessThan(0.4);
});

test("each Chinese or Japanese character is a word, so such texts sharing characters are close", () => {
	expect(cosine(fakeVector("白板上的卡片", 64), fakeVector("卡片和白板", 64))).toBeGreaterThan(0.5);
});

test("a text without words still gets a unit vector", () => {
	expect(Math.hypot(...fakeVector("  …  ", 16))).toBeCloseTo(1, 10);
});
