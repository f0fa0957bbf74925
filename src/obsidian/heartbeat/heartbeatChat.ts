import type { Plugin } from "obsidian";
import { CHAT_VIEW_TYPE, ChatView } from "../chat/chatView";

/** What the heartbeat needs of the chat pane: whether the user is being answered, and a place to speak. */
export interface HeartbeatChat {
	/** A chat answer is streaming now: the heartbeat waits, the user comes first. */
	isStreaming(): boolean;
	/** Shows a heartbeat message in the chat pane, opening the pane if it is closed, without taking the focus. */
	show(text: string): Promise<void>;
}

/** The chat panes of the workspace as the heartbeat sees them. */
export function chatPaneOf(plugin: Plugin): HeartbeatChat {
	const workspace = plugin.app.workspace;
	const chatViews = () =>
		workspace.getLeavesOfType(CHAT_VIEW_TYPE).flatMap((leaf) => (leaf.view instanceof ChatView ? [leaf.view] : []));
	return {
		isStreaming: () => chatViews().some((view) => view.busy),
		show: async (text) => {
			const open = workspace.getLeavesOfType(CHAT_VIEW_TYPE)[0];
			// An open pane is brought to the front of its sidebar; a closed one opens behind the note the user is in.
			if (open !== undefined) await workspace.revealLeaf(open);
			else await workspace.getRightLeaf(false)?.setViewState({ type: CHAT_VIEW_TYPE, active: false });
			chatViews()[0]?.showHeartbeatMessage(text);
		},
	};
}
