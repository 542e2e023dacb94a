export * from "./events";
export * from "./rules";
export * from "./feed";
export * from "./projection";
