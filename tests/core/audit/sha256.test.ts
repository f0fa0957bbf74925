import { createHash } from "node:crypto";
import { sha256Hex } from "../../../src/core/audit/hash";
import { sha256HexOfBytes } from "../../../src/core/audit/sha256";

const nodeSha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A repeatable stream of pseudo-random 32-bit numbers, so a failure names the same input every run. */
function randomWords(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let mixed = Math.imul(state ^ (state >>> 15), state | 1);
		mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
		return (mixed ^ (mixed >>> 14)) >>> 0;
	};
}

describe("SHA-256 of a note's bytes", () => {
	it("gives the standard's published digests", () => {
		const ascii = (text: string) => new TextEncoder().encode(text);
		expect(sha256HexOfBytes(ascii(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
		expect(sha256HexOfBytes(ascii("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
		expect(sha256HexOfBytes(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe(
			"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		);
	});

	it("matches Node's crypto for every length from 0 to 300 bytes, across the block and padding edges", () => {
		const next = randomWords(20261202);
		for (let length = 0; length <= 300; length++) {
			const bytes = Uint8Array.from({ length }, () => next() & 0xff);
			expect([length, sha256HexOfBytes(bytes)]).toEqual([length, nodeSha256(bytes)]);
		}
	});

	it("matches Node's crypto for notes of many blocks", () => {
		const next = randomWords(7);
		for (const length of [4096, 65_537, 1_000_003]) {
			const bytes = Uint8Array.from({ length }, () => next() & 0xff);
			expect(sha256HexOfBytes(bytes)).toBe(nodeSha256(bytes));
		}
	});

	it("hashes a note's text as its UTF-8 bytes on disk, in any script", () => {
		const next = randomWords(42);
		const alphabet = ["a", " ", "\n", "é", "助理", "記憶", "😀", "—", "#"];
		for (let round = 0; round < 200; round++) {
			const text = Array.from({ length: next() % 120 }, () => alphabet[next() % alphabet.length]).join("");
			expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
		}
	});
});
