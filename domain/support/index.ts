export * from "./events";
export * from "./rules";
export * from "./conversation";
export * from "./projection";
