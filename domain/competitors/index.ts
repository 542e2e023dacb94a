export * from "./events";
export * from "./rules";
export * from "./competitor";
export * from "./projection";
