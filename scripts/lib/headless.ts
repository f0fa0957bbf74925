// The workspace over a vault folder lives with the Node host, which the MCP server shares with the scripts.
export * from "../../headless/host/headlessWorkspace";
