/**
 * The cost of a turn (from the user's message to the request leaving) on one vault, in a process
 * of its own (`isolatedRun.ts` starts it): prints a `MeasuredTurn` as JSON on stdout. Usage:
 * `node measureTurn.cjs <size>`.
 */
import "../lib/retrievalBench/utcClock";
import type { ChatMessage } from "../../src/core/model/modelClient";
import { ChatSession } from "../../src/core/agent/session";
import { percentile } from "../lib/retrievalBench/statistics";
import { BENCH_NOW, BenchVaults, isVaultSize, type VaultSize } from "./benchVaults";
import type { MeasuredTurn } from "./isolatedRun";
import { RecordingModel } from "./recordingModel";
import { turnWorkspace } from "./turnWorkspace";

/** What users ask: a plain question, one naming a note, questions about the past (which send the history book), in English and Chinese. */
const MESSAGES = [
	"What did I decide about the atlas project budget?",
	"Summarise [[Thesis plan]] and tell me what to write next.",
	"Why did we keep the hermes plan last time?",
	"上次我们为什么改了论文的计划？",
	"帮我整理一下今天的待办事项。",
];
/** A chat some way in: the request carries this many earlier turns. */
const EARLIER_TURNS = 10;
const UNTIMED_TURNS = 20;
const TIMED_TURNS = 200;

const [size] = process.argv.slice(2);
if (!isVaultSize(size)) throw new Error(`usage: measureTurn <size>, not ${process.argv.slice(2).join(" ")}`);

async function main(size: VaultSize): Promise<MeasuredTurn> {
	const notes = new BenchVaults().notesOf(size);
	const model = new RecordingModel();
	const ports = await turnWorkspace(notes, model, BENCH_NOW);
	const session = new ChatSession(() => ports, { now: () => BENCH_NOW });
	const samples: number[] = [];
	for (let turn = 0; turn < UNTIMED_TURNS + TIMED_TURNS; turn++) {
		session.continueChat(earlierTurns(), null);
		const sent = performance.now();
		for await (const event of session.send(MESSAGES[turn % MESSAGES.length])) void event;
		if (turn >= UNTIMED_TURNS) samples.push(model.sentAt - sent);
	}
	return {
		notes: notes.length,
		turn: { prepareMs: percentile(samples, 50), p95Ms: percentile(samples, 95), turns: samples.length },
	};
}

function earlierTurns(): ChatMessage[] {
	return Array.from({ length: EARLIER_TURNS }, (_, index): ChatMessage[] => [
		{ role: "user", content: [{ type: "text", text: `Question ${index}: what should I do about chapter ${index}?` }] },
		{
			role: "assistant",
			content: [
				{ type: "text", text: `Answer ${index}: start with the argument about nap length [[Thesis plan]]. `.repeat(8) },
			],
		},
	]).flat();
}

void main(size).then((measured) => process.stdout.write(JSON.stringify(measured)));
