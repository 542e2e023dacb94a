export * from "./events";
export * from "./rules";
export * from "./schedule";
export * from "./projection";
export * from "./service";
