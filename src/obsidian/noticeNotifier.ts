import { Notice } from "obsidian";
import type { Notifier } from "../core/ports";

export class NoticeNotifier implements Notifier {
	notify(message: string): void {
		new Notice(message);
	}
}
