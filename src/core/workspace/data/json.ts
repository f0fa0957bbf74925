/** A JSON object as read from disk, before anything about its fields is known. */
export type DataRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is DataRecord {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
