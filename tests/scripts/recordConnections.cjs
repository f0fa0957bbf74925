/**
 * Preloaded into a command-line run (`NODE_OPTIONS=--require`): every network connection the
 * process opens, by `fetch`, `http` or anything else over `net`, is appended as `host:port` to
 * the file named by `AW_TEST_CONNECTIONS_FILE`, before it is made. A test then knows every host
 * the run contacted, not only those a server saw. Local sockets (a path, no port) are not the network.
 */
const { appendFileSync } = require("node:fs");
const net = require("node:net");

const file = process.env.AW_TEST_CONNECTIONS_FILE;
const connect = net.Socket.prototype.connect;

net.Socket.prototype.connect = function (...args) {
	// `net.connect` passes its normalized arguments as one array; a direct call passes (options) or (port, host).
	const first = Array.isArray(args[0]) ? args[0][0] : args[0];
	const target = typeof first === "object" && first !== null ? first : { port: first, host: args[1] };
	if (file !== undefined && target.port !== undefined && target.port !== null)
		appendFileSync(file, `${target.host ?? "localhost"}:${target.port}\n`);
	return connect.apply(this, args);
};
