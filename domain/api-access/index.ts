export * from "./api-key";
export * from "./events";
export * from "./projection";
export * from "./rules";
