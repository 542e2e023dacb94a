export * from "./events";
export * from "./rules";
export * from "./team";
export * from "./projection";
