/**
 * jsdom for the chat view's tests, with Node's `fetch` and the web streams and abort signals it
 * works with: the real Anthropic SDK runs in the view as in Obsidian (a browser), talking to
 * the fake server on 127.0.0.1. jsdom has no `fetch`, and undici only accepts its own signals.
 */
const { TestEnvironment } = require("jest-environment-jsdom");

const FROM_NODE = [
	"fetch",
	"Request",
	"Response",
	"Headers",
	"FormData",
	"Blob",
	"File",
	"ReadableStream",
	"WritableStream",
	"TransformStream",
	"TextEncoder",
	"TextDecoder",
	"TextDecoderStream",
	"AbortController",
	"AbortSignal",
	"structuredClone",
];

class JsdomWithFetch extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		for (const name of FROM_NODE) if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
	}
}

module.exports = JsdomWithFetch;
