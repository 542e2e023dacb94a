export * from "./app";
export * from "./events";
export * from "./projection";
export * from "./rules";
