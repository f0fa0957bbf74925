/**
 * Where a request goes when the server answers with a redirect. A fetch follows one by itself:
 * a 307 or 308 sends the same body (the prompt, the notes in it) and the key to whatever address
 * the server names, a 301, 302 or 303 a request there too. The plugin follows none, Anthropic's
 * API and a local server alike, for an answer, a model list or *Test connection*: the other
 * address gets nothing, and the user reads what happened.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ModelError, type ModelClient } from "../../src/core/model/modelClient";
import type { CompatibleServer } from "../../src/core/model/modelServer";
import { setLanguage, t } from "../../src/i18n";
import { createModelClient, modelErrorMessage } from "../../src/llm";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { drain, realDelay, userRequest } from "../llm/modelFixture";
import { receiptsInMemory } from "../harness/receipts";

const REDIRECTS = [301, 302, 303, 307, 308] as const;

/** A server on 127.0.0.1 that answers every request with `status`, pointing at the same path on `target`. */
async function redirector(status: number, target: string): Promise<Server> {
	const server = createServer((request, response) => {
		request.resume();
		request.on("end", () => {
			response.writeHead(status, { location: `${target}${request.url ?? "/"}`, "content-length": "0" });
			response.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return server;
}

function urlOf(server: Server): string {
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

const common = { delay: realDelay, translate: t, receipts: receiptsInMemory().receipts };

describe("a model server that answers with a redirect", () => {
	// The address a redirect points at: it records whatever reaches it, and would answer.
	const elsewhere = useFakeAnthropic();
	afterEach(() => setLanguage("en"));

	async function redirected(status: number, clientAt: (url: string) => ModelClient) {
		elsewhere().enqueue(textReply("An answer from elsewhere."));
		const server = await redirector(status, elsewhere().baseURL);
		try {
			const client = clientAt(urlOf(server));
			const { events, error } = await drain(client.stream(userRequest("My private note says: the door code is 4471.")));
			const listing = await client.listModels().then(
				() => undefined,
				(failure: unknown) => failure,
			);
			return { events, error, listing };
		} finally {
			await close(server);
		}
	}

	it.each(REDIRECTS)("Anthropic's API answering %i: nothing is sent to the other address", async (status) => {
		const { events, error, listing } = await redirected(status, (url) =>
			createModelClient({ ...common, apiKey: "sk-ant-secret", baseURL: url }),
		);
		expect(elsewhere().requests).toEqual([]);
		expect(events).toEqual([]);
		expect(error?.kind).toBe("redirect");
		expect(listing).toBeInstanceOf(ModelError);
		expect((listing as ModelError).kind).toBe("redirect");
		expect(modelErrorMessage(error as ModelError, t)).toContain(`redirect (${status})`);
	});

	it.each(REDIRECTS)("a local server answering %i: nothing is sent to the other address", async (status) => {
		let server: CompatibleServer = { preset: "ollama", baseURL: "" };
		const { events, error, listing } = await redirected(status, (url) => {
			server = { preset: "ollama", baseURL: url };
			return createModelClient({ ...common, apiKey: undefined, server: { ...server, apiKey: "lm-secret" } });
		});
		expect(elsewhere().requests).toEqual([]);
		expect(events).toEqual([]);
		expect(error?.kind).toBe("redirect");
		expect((listing as ModelError).kind).toBe("redirect");
		expect(modelErrorMessage(error as ModelError, t, server)).toBe(
			`Ollama answered with a redirect (${status}) to another address; nothing was sent there. Set the base URL to the final address.`,
		);
		setLanguage("zh");
		expect(modelErrorMessage(error as ModelError, t, server)).toContain(`（${status}）`);
	});

	describe("in Obsidian's window, where the browser hides a redirect from the page", () => {
		const nodeFetch = globalThis.fetch;
		// The window's fetch: it follows a redirect unless told not to, and then gives the page an
		// `opaqueredirect` answer, status 0, without the status or the address.
		beforeEach(() => {
			globalThis.fetch = async (input, init) => {
				const response = await nodeFetch(input, init);
				if (init?.redirect !== "manual" || response.status < 300 || response.status >= 400) return response;
				await response.body?.cancel();
				const opaque = {
					type: "opaqueredirect",
					status: 0,
					ok: false,
					statusText: "",
					headers: new Headers(),
					body: null,
				};
				return opaque as unknown as Response;
			};
		});
		afterEach(() => {
			globalThis.fetch = nodeFetch;
		});

		it.each([307, 308])(
			"a local server answering %i: nothing is sent, and the user reads of a redirect",
			async (status) => {
				let server: CompatibleServer = { preset: "lm-studio", baseURL: "" };
				const { events, error, listing } = await redirected(status, (url) => {
					server = { preset: "lm-studio", baseURL: url };
					return createModelClient({ ...common, apiKey: undefined, server });
				});
				expect(elsewhere().requests).toEqual([]);
				expect(events).toEqual([]);
				expect((listing as ModelError).kind).toBe("redirect");
				expect(modelErrorMessage(error as ModelError, t, server)).toBe(
					"LM Studio answered with a redirect (3xx) to another address; nothing was sent there. Set the base URL to the final address.",
				);
			},
		);
	});
});
