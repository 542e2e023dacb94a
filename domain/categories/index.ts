export * from "./events";
export * from "./rules";
export * from "./category";
export * from "./projection";
