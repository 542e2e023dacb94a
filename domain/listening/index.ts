export * from "./events";
export * from "./rules";
export * from "./monitor";
export * from "./projection";
