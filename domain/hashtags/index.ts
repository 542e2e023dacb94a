export * from "./events";
export * from "./rules";
export * from "./research";
export * from "./group";
export * from "./projection";
