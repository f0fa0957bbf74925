import { isOwnNetworkAddress } from "../../../src/core/model/ownNetwork";

describe("an embedding server's address", () => {
	it.each([
		"http://localhost:11434",
		"http://127.0.0.1:1234",
		"http://[::1]:8080",
		"http://192.168.1.20:11434",
		"http://10.0.0.5:8080",
		"http://172.20.3.4:1234",
		"http://gpu-box:11434",
		"http://gpu-box.local:11434",
		"http://nas.home.arpa:8080",
		"http://[fd12:3456::1]:11434",
		"http://[::ffff:192.168.0.2]:11434",
		// The same loopback address in the forms a URL parser reads as it: a number, hex, octal, short, a trailing dot.
		"http://2130706433:11434",
		"http://0x7f.1:11434",
		"http://0177.0.0.1:11434",
		"http://127.1:11434",
		"http://127.0.0.1.:11434",
		"http://[fe80::1]:11434",
	])("is the user's own computer or network at %s", (url) => {
		expect(isOwnNetworkAddress(url)).toBe(true);
	});

	it.each([
		"https://api.openai.com",
		"https://api.voyageai.com/v1",
		"http://8.8.8.8:11434",
		"http://172.32.0.1:1234",
		"http://192.169.1.1",
		"http://[2001:db8::1]:8080",
		"http://[::ffff:8.8.8.8]:11434",
		"http://localhost.attacker.com",
		"http://127.0.0.1.nip.io",
		"not a url",
		// Userinfo and fragments that read like a local address, the host being the public one.
		"http://127.0.0.1@evil.example",
		"http://evil.example#@127.0.0.1",
		"http://evil.example\\@127.0.0.1",
		// A public name resolving to a loopback address, and an IPv4 address hidden in IPv6 outside ::ffff:.
		"http://localtest.me:11434",
		"http://[::127.0.0.1]",
		"http://[64:ff9b::7f00:1]",
		// Short IPv6 groups are not the private ranges: `fc::` is 00fc::, `fe8::` is 0fe8::.
		"http://[fc::1]",
		"http://[fd1::1]",
		"http://[fe8::1]",
		"http://0.0.0.0:11434",
		"http://[::]:11434",
	])("is elsewhere on the internet at %s", (url) => {
		expect(isOwnNetworkAddress(url)).toBe(false);
	});
});
