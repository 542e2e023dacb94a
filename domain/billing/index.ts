export * from "./events";
export * from "./rules";
export * from "./subscription";
export * from "./projection";
export * from "./errors";
