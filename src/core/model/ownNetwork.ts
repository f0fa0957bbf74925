/**
 * Whether a server's address is on the user's own computer or network: a loopback or private
 * address, or a name only a local network resolves. Search by meaning sends the notes' passages
 * to its server; one elsewhere on the internet is a new place they go, which the user must choose
 * as such ("another endpoint"), never reach by typing an address where a local server was meant.
 * `false` for anything that does not parse.
 */
export function isOwnNetworkAddress(baseURL: string): boolean {
	let host: string;
	try {
		host = new URL(baseURL).hostname.toLowerCase();
	} catch {
		return false;
	}
	if (host.startsWith("[") && host.endsWith("]")) return isOwnIpv6(host.slice(1, -1));
	const octets = ipv4Of(host);
	if (octets !== null) return isOwnIpv4(octets);
	// A name with no dot, or one of the suffixes kept for local networks, is never a public host.
	return !host.includes(".") || /\.(local|localhost|lan|home\.arpa|internal)$/.test(host);
}

function ipv4Of(host: string): number[] | null {
	const parts = host.split(".");
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
	const octets = parts.map(Number);
	return octets.every((octet) => octet <= 255) ? octets : null;
}

function isOwnIpv4([a, b]: number[]): boolean {
	return (
		a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
	);
}

function isOwnIpv6(host: string): boolean {
	if (host === "::1") return true;
	// An IPv4 address written as IPv6, as the URL parser writes it: `::ffff:c0a8:2` is 192.168.0.2.
	const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
	if (mapped !== null) {
		const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
		return isOwnIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
	}
	// Unique local (fc00::/7) and link-local (fe80::/10) addresses.
	return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
}
