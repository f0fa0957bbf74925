import type { MeaningState } from "../../core/retrieval/meaning/meaningService";
import type { EmbeddingErrorKind } from "../../core/model/embeddingClient";
import { t, type MessageKey } from "../../i18n";
import { formatCount } from "../localeFormat";

/** Why the server paused search by meaning, in a few words (the status bar) and in full (its tooltip, the settings). */
const REASONS: Readonly<Record<EmbeddingErrorKind, MessageKey>> = {
	"server-unreachable": "meaning.reason.unreachable",
	"invalid-key": "meaning.reason.key",
	"unknown-model": "meaning.reason.model",
	"bad-answer": "meaning.reason.bad-answer",
	server: "meaning.reason.server",
	timeout: "meaning.reason.timeout",
	redirect: "meaning.reason.redirect",
	"cors-refused": "meaning.reason.cors",
	aborted: "meaning.reason.server",
};

/** The status bar's few words for the state; empty when there is nothing to show (off, or every note embedded). */
export function meaningBarText(state: MeaningState): string {
	switch (state.state) {
		case "embedding":
			return t("meaning.bar.embedding", { done: formatCount(state.notesDone), total: formatCount(state.notesTotal) });
		case "held":
			return t("meaning.bar.held");
		case "paused":
			return t("meaning.bar.paused", { reason: t(REASONS[state.reason]) });
		default:
			return "";
	}
}

/** The state in a sentence, for the settings and the status bar's tooltip. */
export function meaningStateText(state: MeaningState): string {
	switch (state.state) {
		case "off":
			return t("meaning.state.off");
		case "starting":
			return t("meaning.state.starting");
		case "embedding":
			return t("meaning.state.embedding", {
				done: formatCount(state.notesDone),
				total: formatCount(state.notesTotal),
			});
		case "ready":
			return t("meaning.state.ready", { chunks: formatCount(state.chunks) });
		case "held":
			return t("meaning.state.held", { notes: formatCount(state.notesLeft) });
		case "paused":
			return t("meaning.state.paused", {
				reason: t(REASONS[state.reason]),
				message: state.message,
				minutes: Math.max(1, Math.round(state.retryInMs / 60_000)),
			});
	}
}
