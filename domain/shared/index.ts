export * from "./errors";
export * from "./events";
export * from "./ids";
export * from "./projection";
export * from "./same-json";
