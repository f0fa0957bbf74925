export * from "../../headless/host/headlessMemory";
export { indexCacheFor } from "../../headless/host/indexCache";
