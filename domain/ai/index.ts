export * from "./errors";
export * from "./events";
export * from "./projection";
export * from "./rules";
export * from "./usage";
