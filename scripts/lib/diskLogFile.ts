export * from "../../headless/host/diskLogFile";
