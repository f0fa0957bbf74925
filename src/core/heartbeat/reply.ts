import { isAcknowledgement } from "./acknowledgements";

/** What the model answers when nothing on the checklist needs the user. */
export const HEARTBEAT_OK = "HEARTBEAT_OK";

/** A heartbeat's answer as the user meets it: nothing, or a message (the token taken out). */
export type HeartbeatReply = { readonly kind: "acknowledgement" } | { readonly kind: "message"; readonly text: string };

/**
 * The token wherever it stands, with the markup wrapped around it (`**HEARTBEAT_OK**`,
 * `<b>HEARTBEAT_OK</b>`, `` `HEARTBEAT_OK` ``) and the punctuation after it. Not part of a longer
 * word: `tokenAt` checks the character before it (a lookbehind would do, but Safari before 16.4
 * cannot parse one, and the whole bundle would fail to load there).
 */
const TOKEN =
	/(?:\*{1,3}|_{1,3}|`|~~|<[a-z][^>]*>)*HEARTBEAT_OK(?![a-z0-9])[.!。！]*(?:\*{1,3}|_{1,3}|`|~~|<\/[a-z][^>]*>)*[.!。！]*/gi;

/** Whether a match of `TOKEN` at `offset` stands on its own: markup before it, or no letter or digit. */
function tokenAt(match: string, offset: number, whole: string): boolean {
	const markedUp = !match.toUpperCase().startsWith(HEARTBEAT_OK);
	return markedUp || offset === 0 || !/[a-z0-9]/i.test(whole.charAt(offset - 1));
}

/**
 * Classifies the heartbeat's answer. The token is taken out wherever it is; what remains is
 * shown unless it is filler (see `isAcknowledgement`): `HEARTBEAT_OK`, `All clear. HEARTBEAT_OK`
 * and `一切正常` stay silent, while `Reminder: call mom at 5pm. HEARTBEAT_OK` is shown as
 * `Reminder: call mom at 5pm.`, however short.
 */
export function classifyReply(reply: string): HeartbeatReply {
	const text = withoutToken(reply);
	return text === "" || isAcknowledgement(text) ? { kind: "acknowledgement" } : { kind: "message", text };
}

function withoutToken(reply: string): string {
	return reply
		.replace(TOKEN, (match: string, offset: number, whole: string) => (tokenAt(match, offset, whole) ? " " : match))
		.split(/\r\n|\r|\n/)
		.map((line) => line.replace(/(\S)[ \t]{2,}(?=\S)/g, "$1 ").trimEnd())
		.join("\n")
		.replace(/\n{3,}/g, "\n\n")
		.trim();
}
