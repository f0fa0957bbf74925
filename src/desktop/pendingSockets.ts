/** What the guard needs of a connection: to end it, to time its silence, and to hear of both. */
export interface GuardedSocket {
	destroy(): void;
	setTimeout(ms: number): unknown;
	once(event: "close" | "timeout", listener: () => void): unknown;
}

/**
 * The connections that have not yet sent a request with the token. Any local process can open
 * sockets and send nothing: held open, they filled the server's connections and locked every
 * client out until the headers' timeout, checked twice a minute, ended them. Such a connection
 * now ends after `silenceMs` without a byte, and there may be only `limit` of them at once: a new
 * one makes room by ending the oldest, so that a client connecting now always gets a socket, and
 * the connections of clients that showed the token are never counted against it. (One that
 * trickles its headers a byte at a time is ended by the server's headers timeout.)
 */
export class PendingSockets<S extends GuardedSocket> {
	/** A `Set` keeps them oldest first. */
	private readonly waiting = new Set<S>();

	constructor(
		private readonly limit: number,
		private readonly silenceMs: number,
	) {}

	/** A connection just opened: it waits for its request, and ends the oldest waiting one if there is no room. */
	admit(socket: S): void {
		if (this.waiting.size >= this.limit) {
			const oldest = this.waiting.values().next();
			if (oldest.done !== true) this.end(oldest.value);
		}
		this.waiting.add(socket);
		// The socket's own inactivity timer, not a global one: this module runs in Node and in Obsidian's window alike.
		socket.setTimeout(this.silenceMs);
		socket.once("timeout", () => {
			if (this.waiting.has(socket)) this.end(socket);
		});
		socket.once("close", () => this.waiting.delete(socket));
	}

	/** The connection sent a request with the token: it no longer waits, and its silence is the server's to time. */
	trust(socket: S): void {
		if (this.waiting.delete(socket)) socket.setTimeout(0);
	}

	/** Ends every waiting connection, when the server closes. */
	endAll(): void {
		for (const socket of [...this.waiting]) this.end(socket);
	}

	private end(socket: S): void {
		this.waiting.delete(socket);
		socket.destroy();
	}
}
