// `client.messages.batches`, the Message Batches API, which the plugin never calls: the resource
// is there, as `Messages` builds it, without its methods (and the JSONL decoder they read with).
import { APIResource } from "@anthropic-ai/sdk/core/resource";

export class Batches extends APIResource {}
