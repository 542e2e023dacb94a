export * from "./events";
export * from "./vote";
export * from "./projection";
