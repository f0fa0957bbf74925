import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts `server` on a free port of 127.0.0.1, the only address tests send to; rejects when it cannot listen. */
export function listenOnLoopback(server: Server): Promise<void> {
	return new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(0, "127.0.0.1", resolve);
	});
}

/** The address of a server `listenOnLoopback` started (`http://127.0.0.1:<port>`). */
export function loopbackURL(server: Server): string {
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
