import type { MessageKey } from "./en";

/** 简体中文界面文字，与 `en.ts` 的键一一对应（缺一个键，编译就会失败）。 */
export const zh: Record<MessageKey, string> = {
	"command.initialize-workspace": "初始化助理工作区",
	"command.promote-today": "将今天的记忆提升为长期记忆",
	"command.archive-daily": "归档旧的每日记忆",
};
