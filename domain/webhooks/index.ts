export * from "./endpoint";
export * from "./events";
export * from "./projection";
export * from "./rules";
