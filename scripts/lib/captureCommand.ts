import { captureToInbox } from "../../src/core/memory/capture";
import { listOption, rejectUnknownOptions, requireOption } from "./args";
import { printed, type Command } from "./command";
import { openHeadlessWorkspace } from "./headless";
import { memoryDepsOf } from "./headlessOrganize";

/** `capture`: a new note in the inbox, as "Capture to inbox" and the chat's `capture_note` make it; prints its path. */
export const captureCommand: Command = async (args) => {
	rejectUnknownOptions(args, ["vault", "folder", "title", "text", "tags", "now"]);
	const headless = await openHeadlessWorkspace(requireOption(args, "vault"), {
		folder: args.options.get("folder"),
		now: args.options.get("now"),
	});
	const outcome = await captureToInbox(memoryDepsOf(headless), headless.workspace.layout.inboxFolder, {
		title: requireOption(args, "title"),
		text: requireOption(args, "text"),
		tags: listOption(args, "tags"),
		source: "user",
		actor: "user",
	});
	return printed([outcome.path]);
};
