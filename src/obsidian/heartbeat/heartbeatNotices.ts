import type { HeartbeatReport } from "../../core/heartbeat";
import type { CompatibleServer } from "../../core/model/modelServer";
import { t } from "../../i18n";
import { modelErrorMessage } from "../../llm";
import { describeError } from "../describeError";

/**
 * The notices a heartbeat's outcome shows. A message is always shown. On its own, the heartbeat
 * says nothing else, except once after repeated failures; when the user ran it ("Run heartbeat
 * now"), every outcome is told, since the user is waiting for an answer. A failure of a model on
 * `server` is told in the server's name.
 */
export function heartbeatNotices(
	report: HeartbeatReport,
	requestedByUser: boolean,
	server: CompatibleServer | undefined,
): string[] {
	switch (report.kind) {
		case "spoke": {
			const notices = [t("heartbeat.notice", { text: report.text })];
			if ("error" in report.saved)
				notices.push(t("heartbeat.save-failed", { error: describeError(report.saved.error) }));
			return notices;
		}
		case "failed":
			if (report.tellUser) return [t("heartbeat.failed-repeatedly", { count: report.change.heartbeatFailures ?? 0 })];
			return requestedByUser ? [failureText(report, server)] : [];
		case "silent":
			return requestedByUser
				? [t(report.outcome === "silent" ? "heartbeat.nothing-to-report" : "heartbeat.repeated")]
				: [];
		case "skipped":
			return requestedByUser ? [t(`heartbeat.skipped.${report.reason}`)] : [];
		case "interrupted":
			return [];
	}
}

function failureText(
	report: Extract<HeartbeatReport, { kind: "failed" }>,
	server: CompatibleServer | undefined,
): string {
	if (report.outcome === "timed-out") return t("heartbeat.timed-out");
	if (report.error === null) return t("heartbeat.no-answer");
	return t("heartbeat.failed", { error: modelErrorMessage(report.error, t, server) });
}
