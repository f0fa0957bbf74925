export * from "../../headless/host/headlessMemory";
