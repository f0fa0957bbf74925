import { RetrievalIndex, type IndexSnapshot } from "../../../../src/core/retrieval";
import {
	PIECES_FORMAT,
	splitSnapshot,
	startJoining,
	type SnapshotPiece,
} from "../../../../src/core/retrieval/indexing/snapshotPieces";
import { SNAPSHOT_VERSION } from "../../../../src/core/retrieval/indexing/indexSnapshot";
import { indexOfVault, NOW, policyFor } from "../vaultFixtures";

const files: Record<string, string> = {};
for (let i = 0; i < 300; i++)
	files[`Notes/${i}.md`] =
		`---\ntags: [topic/${i % 7}]\n---\n# Note ${i}\nharbor ${i}, lighthouse ${i % 13} 灯塔 😀 ${i}`;
const policy = policyFor();
const index = indexOfVault(files, { policy });
const snapshot = index.toSnapshot();
/** Small pieces, so that every part of a small vault is cut in many. */
const PIECE_BYTES = 1024;

function piecesOf(pieceBytes = PIECE_BYTES) {
	const { layout, pieces } = splitSnapshot(snapshot, pieceBytes);
	return { layout: structuredClone(layout), pieces: [...pieces].map((piece) => structuredClone(piece)) };
}

/** What joining gives, `null` when the layout is refused or a piece does not fit. */
function join(layout: unknown, pieces: readonly unknown[]): IndexSnapshot | null {
	const joiner = startJoining(layout);
	if (joiner === null) return null;
	for (const piece of pieces) if (!joiner.add(piece)) return null;
	return joiner.finish();
}

const byteLength = (piece: SnapshotPiece) => (typeof piece === "string" ? piece.length * 2 : piece.byteLength);
const results = (of: RetrievalIndex) =>
	["harbor 12", "lighthouse", "灯塔", "#topic/3"].map((q) => of.search(q, { now: NOW }));

describe("a snapshot cut into pieces", () => {
	it("joins back into the same snapshot, which restores an index answering as the original", () => {
		const { layout, pieces } = piecesOf();
		const joined = join(layout, pieces);
		expect(joined).toEqual(snapshot);
		expect(results(RetrievalIndex.fromSnapshot(joined as IndexSnapshot, policy))).toEqual(results(index));
	});

	it("is cut in pieces no larger than asked, each owning its memory, and leaves the snapshot as it was", () => {
		const before = structuredClone(snapshot);
		const { pieces } = splitSnapshot(snapshot, PIECE_BYTES);
		const all = [...pieces];
		expect(all.length).toBeGreaterThan(20);
		for (const piece of all) {
			expect(byteLength(piece)).toBeLessThanOrEqual(PIECE_BYTES);
			if (typeof piece !== "string") expect(piece.buffer.byteLength).toBe(piece.byteLength);
		}
		// Characters outside the BMP come back whole, whichever piece their halves fell in.
		expect(join(piecesOf(2).layout, piecesOf(2).pieces)).toEqual(snapshot);
		expect(snapshot).toEqual(before);
	});

	it("keeps a snapshot that fits in one piece in its layout", () => {
		const { layout, pieces } = piecesOf(64 * 1024 * 1024);
		expect(pieces).toEqual([]);
		expect(join(layout, [])).toEqual(snapshot);
	});

	it("joins to nothing when a piece is missing, extra, of another type or length, or out of order", () => {
		const { layout, pieces } = piecesOf();
		const last = pieces.length - 1;
		expect(join(layout, pieces.slice(0, last))).toBeNull();
		expect(join(layout, [...pieces, pieces[last]])).toBeNull();
		expect(join(layout, pieces.slice(1))).toBeNull();
		const typed = pieces.findIndex((piece) => piece instanceof Uint32Array);
		const wrongType = pieces.map((piece, i) => (i === typed ? Int32Array.from(piece as Uint32Array) : piece));
		expect(join(layout, wrongType)).toBeNull();
		const shorter = pieces.map((piece, i) => (i === typed ? (piece as Uint32Array).slice(1) : piece));
		expect(join(layout, shorter)).toBeNull();
		const text = pieces.findIndex((piece) => typeof piece === "string");
		expect(
			join(
				layout,
				pieces.map((piece, i) => (i === text ? null : piece)),
			),
		).toBeNull();
		expect(join(layout, [...pieces].reverse())).toBeNull();
	});

	it("refuses a layout of another format or version, or one that does not describe its own parts", () => {
		const { layout, pieces } = piecesOf();
		expect(join({ ...layout, format: "pieces-0" }, pieces)).toBeNull();
		expect(join({ ...layout, version: SNAPSHOT_VERSION - 1 }, pieces)).toBeNull();
		expect(join({ ...layout, parts: layout.parts.slice(1) }, pieces)).toBeNull();
		expect(join({ ...layout, parts: [...layout.parts].reverse() }, pieces)).toBeNull();
		expect(join({ ...layout, rest: { ...layout.rest, reasonNames: null } }, pieces)).toBeNull();
		const huge = layout.parts.map((part, i) => (i === 0 ? { ...part, length: 2 ** 52 } : part));
		expect(join({ ...layout, parts: huge }, pieces)).toBeNull();
		for (const damaged of [null, "layout", [], { format: PIECES_FORMAT, version: SNAPSHOT_VERSION }])
			expect(startJoining(damaged)).toBeNull();
	});

	it("joins to nothing when every piece fits but the parts do not fit together", () => {
		const { layout, pieces } = piecesOf();
		const terms = layout.parts.findIndex((part) => part.type === "Uint32Array");
		const first = layout.parts.slice(0, terms).reduce((count, part) => count + part.pieces, 0);
		const cut = layout.parts.map((part, i) => (i === terms ? { ...part, length: part.length - 1 } : part));
		const shortened = pieces.map((piece, i) =>
			i === first + layout.parts[terms].pieces - 1 ? (piece as Uint32Array).slice(1) : piece,
		);
		expect(startJoining({ ...layout, parts: cut })).not.toBeNull();
		expect(join({ ...layout, parts: cut }, shortened)).toBeNull();
	});

	it("turns down a damaged layout claiming a huge part at its first piece, before making room for it", () => {
		const { layout, pieces } = piecesOf();
		const target = layout.parts.findIndex((part) => part.type !== "String");
		const before = layout.parts.slice(0, target).reduce((count, part) => count + part.pieces, 0);
		// The part claims 2^25 elements (128 MB or more) in two pieces.
		const damaged = {
			...layout,
			parts: layout.parts.map((part, i) => (i === target ? { ...part, length: 2 ** 25, pieces: 2 } : part)),
		};
		const joiner = startJoining(damaged);
		for (const piece of pieces.slice(0, before)) expect(joiner?.add(piece)).toBe(true);
		const arrayBuffers = process.memoryUsage().arrayBuffers;
		expect(joiner?.add(pieces[before])).toBe(false);
		expect(process.memoryUsage().arrayBuffers - arrayBuffers).toBeLessThan(2 ** 20);
		expect(joiner?.finish()).toBeNull();
	});
});
