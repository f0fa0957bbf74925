/** The heartbeat: when it runs, what it asks the model, and what the user sees. */
export {
	checkActiveHours,
	isWithinActiveHours,
	type ActiveHoursSetting,
	type ActiveWindow,
	type CheckedActiveHours,
} from "./activeHours";
export { NOTICE_AFTER_FAILURES, retryWait } from "./backoff";
export { isChecklistEmpty } from "./checklist";
export { heartbeatDecision, type DecisionOptions, type HeartbeatDecision, type SkipReason } from "./decision";
export type { HeartbeatSettings, HeartbeatState, HeartbeatStateChange } from "./heartbeatState";
export { HEARTBEAT_OUTCOMES, type HeartbeatOutcome } from "../workspace/data/heartbeatOutcome";
export { classifyReply, HEARTBEAT_OK, type HeartbeatReply } from "./reply";
export { REPEAT_WINDOW_MS } from "./repeats";
export { DEFAULT_HEARTBEAT_LIMITS, type HeartbeatLimits } from "./askHeartbeat";
export {
	HEARTBEAT_SECTION,
	heartbeatDepsOf,
	runHeartbeat,
	type HeartbeatDeps,
	type HeartbeatReport,
	type HeartbeatRequest,
	type SavedEntry,
} from "./runHeartbeat";
export { formatTimeOfDay, parseTimeOfDay, type ParsedTime, type TimeProblem } from "../workspace/data/timeOfDay";
