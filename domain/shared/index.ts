export * from "./errors";
export * from "./events";
export * from "./ids";
export * from "./instants";
export * from "./projection";
export * from "./same-json";
