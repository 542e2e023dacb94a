export * from "./events";
export * from "./rules";
export * from "./note";
export * from "./projection";
