import * as z from "zod/mini";
import { isMcpActor, type McpActor } from "./record";

/**
 * One line of the receipts: a request that left the plugin with what it carried. Where it went
 * (a model server's host, or an MCP client), which notes and files its text came from (their
 * paths, never their text) and its tokens. The audit trail says what the assistant wrote; the
 * receipts say what it read out, and to whom.
 */

/** What the plugin sends: a request to a model, or an answer to an MCP client. */
export const RECEIPT_KINDS = ["model", "mcp"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const receiptSchema = z.object({
	/** When the request ended (answered, failed or stopped), ISO 8601 in UTC. */
	time: z.iso.datetime(),
	kind: z.enum(RECEIPT_KINDS),
	/** A model server's host (and port): from its address, never its key. For MCP, the client (`mcp:<name>`). */
	to: z.string().check(z.minLength(1)),
	/** The model asked, for a model request; absent for a listing of the server's models, which asks none. */
	model: z.optional(z.string()),
	/** What sent it: a feature for a model request; for MCP, the tool, resource or prompt answered. */
	feature: z.string().check(z.minLength(1)),
	/** The vault paths (or names of dropped files) of every note and file whose content the request carried. */
	paths: z.array(z.string()),
	/** Tokens as the server counted them; for MCP, the answer's estimated size, as no server counts it. */
	inputTokens: z.number().check(z.int(), z.nonnegative()),
	outputTokens: z.number().check(z.int(), z.nonnegative()),
	/** How many texts an embedding request carried, to be turned into vectors; absent for any other request. */
	texts: z.optional(z.number().check(z.int(), z.nonnegative())),
	/** The request failed or was stopped: it left, but what the server made of it is unknown. */
	failed: z.optional(z.boolean()),
});

export type Receipt = z.infer<typeof receiptSchema>;

/** The MCP client a receipt names, or `null` for a model's. */
export function receiptClient(receipt: Receipt): McpActor | null {
	return receipt.kind === "mcp" && isMcpActor(receipt.to) ? receipt.to : null;
}
