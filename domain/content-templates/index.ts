export * from "./events";
export * from "./rules";
export * from "./template";
export * from "./projection";
