/** English interface strings. Every string a user can see lives here and in `zh.ts`. */
export const en = {
	"command.initialize-workspace": "Initialize assistant workspace",
	"command.promote-today": "Promote today's memory to long-term memory",
	"command.archive-daily": "Archive old daily memory",
} as const;

export type MessageKey = keyof typeof en;
