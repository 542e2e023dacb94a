export * from "./events";
export * from "./rules";
export * from "./review";
export * from "./entry";
export * from "./projection";
export * from "./errors";
