// The Node host parses its command line as the scripts do (the MCP server's entry): one parser, one `UsageError`.
export * from "../../headless/host/args";
