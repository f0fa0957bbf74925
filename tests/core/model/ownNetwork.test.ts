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
	])("is elsewhere on the internet at %s", (url) => {
		expect(isOwnNetworkAddress(url)).toBe(false);
	});
});
