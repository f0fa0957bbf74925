import { runsOnThisMachine, serverRoot } from "../../../src/core/model/modelServer";

describe("whether a server runs on this computer", () => {
	it.each([
		"http://localhost:11434",
		"http://LOCALHOST:1234/",
		"http://ollama.localhost:11434",
		"http://127.0.0.1:8080",
		"http://127.1.2.3:8080/v1",
		"http://[::1]:11434",
		" http://localhost:11434 ",
	])("%s is this computer: nothing leaves it", (url) => {
		expect(runsOnThisMachine(url)).toBe(true);
	});

	it.each([
		"http://192.168.1.20:11434",
		"http://10.0.0.5:1234",
		"https://ollama.com",
		"http://localhost.example.com:11434",
		"http://127.0.0.1.example.com",
		"http://[::2]:11434",
		"not an address",
		"",
	])("%s is elsewhere: what the chat sends goes there", (url) => {
		expect(runsOnThisMachine(url)).toBe(false);
	});
});

describe("the address requests are made under", () => {
	it("drops the trailing slashes and the /v1 that OpenAI-style settings show", () => {
		expect(serverRoot("http://localhost:1234/v1/")).toBe("http://localhost:1234");
		expect(serverRoot("http://localhost:1234/proxy/")).toBe("http://localhost:1234/proxy");
	});
});
