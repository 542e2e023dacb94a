export * from "./account";
export * from "./events";
export * from "./platforms";
export * from "./projection";
