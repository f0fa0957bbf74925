import type { NoteText } from "../agent/context/noteExcerpt";
import type { ModelError } from "../model/modelClient";
import type { TurnPorts } from "../agent/session";
import { runTool, type MemoryToolDeps, type WriteToolDeps } from "../agent/tools";
import { appendDailyEntry } from "../memory/daily";
import { localTime, localToday } from "../memory/dailyDates";
import { stampedEntry } from "../memory/stampedEntry";
import { checkReadAccess } from "../vault/readAccess";
import { readForModel } from "../agent/derivedNotes";
import { findIdentityFiles } from "../workspace/identity";
import { askHeartbeat, type HeartbeatModel } from "./askHeartbeat";
import { NOTICE_AFTER_FAILURES } from "./backoff";
import { heartbeatDecision, type SkipReason } from "./decision";
import {
	stateAfterRun,
	type HeartbeatSettings,
	type HeartbeatState,
	type HeartbeatStateChange,
} from "./heartbeatState";
import { classifyReply } from "./reply";
import { isRepeat } from "./repeats";

/** The section of today's daily memory that keeps what the heartbeat said. */
export const HEARTBEAT_SECTION = "Heartbeat";

export interface HeartbeatDeps extends HeartbeatModel {
	/**
	 * The vault as the heartbeat reads it (the memory tools' world, through the read guard) and
	 * writes it (the audited writer, into today's daily memory); the audit trail names the
	 * heartbeat as the writer.
	 */
	readonly vault: Omit<WriteToolDeps, "actor">;
}

/** The heartbeat's dependencies from a turn's ports: the chat's model, what is known of its tools, its window, the tools' vault. */
export function heartbeatDepsOf(ports: TurnPorts): HeartbeatDeps {
	return {
		model: ports.model,
		modelId: ports.modelId,
		delay: ports.delay,
		vault: ports.tools,
		toolSupport: ports.toolSupport,
		contextWindowTokens: ports.contextWindowTokens,
	};
}

export interface HeartbeatRequest {
	readonly state: HeartbeatState;
	readonly settings: HeartbeatSettings;
	/** A chat answer is streaming, or a heartbeat is already running: the user comes first. */
	readonly busy: boolean;
	/** "Run heartbeat now": skips the once-a-day rule (and the wait after a failure). */
	readonly force?: boolean;
}

/** Where a shown message was written, or why it could not be (it is shown all the same). */
export type SavedEntry = { readonly path: string } | { readonly error: unknown };

/**
 * What a heartbeat came to, and the state change to save (`change`). `offline`: the offline
 * model answers from search alone and cannot judge a checklist, so the heartbeat waits for a
 * model, recording nothing, and runs once one is connected. `interrupted`: the host's signal
 * stopped it; nothing is recorded and the next trigger tries again. `tellUser` is set on the
 * failure that makes `NOTICE_AFTER_FAILURES` in a row: the plugin shows one notice then.
 */
export type HeartbeatReport =
	| { readonly kind: "skipped"; readonly reason: SkipReason | "offline" }
	| { readonly kind: "silent"; readonly outcome: "silent" | "repeated"; readonly change: HeartbeatStateChange }
	| { readonly kind: "spoke"; readonly text: string; readonly saved: SavedEntry; readonly change: HeartbeatStateChange }
	| {
			readonly kind: "failed";
			readonly outcome: "failed" | "timed-out";
			readonly error: ModelError | null;
			readonly change: HeartbeatStateChange;
			readonly tellUser: boolean;
	  }
	| { readonly kind: "interrupted" };

/**
 * One heartbeat, as every trigger calls it (the vault opening, the periodic check, the "Run
 * heartbeat now" command): decides whether it runs, asks the model over the checklist and recent
 * memory, and tells what the user is to see. A message is saved under `## Heartbeat` in today's
 * daily memory here; showing it (the chat pane, a notice) and saving `change` into the plugin's
 * state are the host's. Pure over its ports.
 */
export async function runHeartbeat(
	deps: HeartbeatDeps,
	request: HeartbeatRequest,
	signal?: AbortSignal,
): Promise<HeartbeatReport> {
	const { vault } = deps;
	const now = vault.clock.now();
	const files = findIdentityFiles(vault.vault, vault.layout);
	// A missing or private checklist is an empty one.
	const checklist = (await readGuarded(vault, files.heartbeat)) ?? { path: vault.layout.heartbeat, text: "" };
	const decision = heartbeatDecision(request.state, request.settings, now, checklist.text, request.busy, {
		force: request.force,
	});
	if (!decision.run) return { kind: "skipped", reason: decision.reason };
	if (deps.model.offline) return { kind: "skipped", reason: "offline" };

	const identity = {
		soul: await readGuarded(vault, files.soul),
		user: await readGuarded(vault, files.user),
		rules: await readGuarded(vault, files.rules),
	};
	const recent = await runTool("memory_recent", {}, vault);
	const material = {
		identity,
		checklist,
		recentMemory: recent.text,
		recentMemoryNotes: (recent.locations ?? []).map((location) => location.path),
		checkpoint: request.state.lastCheckpoint,
	};
	const answer = await askHeartbeat(deps, vault, material, signal);
	const at = { now, today: localToday({ now: () => now }) };
	switch (answer.kind) {
		case "interrupted":
			return { kind: "interrupted" };
		case "failed":
		case "timed-out": {
			const outcome = answer.kind;
			const change = stateAfterRun(request.state, outcome, at);
			const error = answer.kind === "failed" ? answer.error : null;
			return { kind: "failed", outcome, error, change, tellUser: change.heartbeatFailures === NOTICE_AFTER_FAILURES };
		}
		case "answered":
			break;
	}
	const reply = classifyReply(answer.text);
	if (reply.kind === "acknowledgement")
		return { kind: "silent", outcome: "silent", change: stateAfterRun(request.state, "silent", at) };
	if (isRepeat(request.state.lastHeartbeatSpoken, reply.text, now)) {
		return { kind: "silent", outcome: "repeated", change: stateAfterRun(request.state, "repeated", at) };
	}
	const saved = await saveToDailyMemory(vault, reply.text);
	return { kind: "spoke", text: reply.text, saved, change: stateAfterRun(request.state, "spoke", at, reply.text) };
}

async function saveToDailyMemory(vault: HeartbeatDeps["vault"], text: string): Promise<SavedEntry> {
	try {
		const entry = stampedEntry(localTime(vault.clock), text);
		const result = await appendDailyEntry(vault, vault.daily, entry, {
			section: HEARTBEAT_SECTION,
			actor: "heartbeat",
			reason: "Heartbeat message",
		});
		return { path: result.path };
	} catch (error) {
		return { error };
	}
}

/** A file of the workspace as the model may see it, read through today's rules: `null` when missing or private. */
async function readGuarded(vault: MemoryToolDeps, path: string | null): Promise<NoteText | null> {
	if (path === null) return null;
	const access = checkReadAccess(path, vault.vault);
	return access.kind === "allowed" ? { path: access.path, text: await readForModel(vault, access.path) } : null;
}
