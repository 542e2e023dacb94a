export * from "./events";
export * from "./page";
export * from "./projection";
export * from "./rules";
export type * from "./views";
