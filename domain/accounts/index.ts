export * from "./account";
export * from "./business-kind";
export * from "./events";
export * from "./platforms";
export * from "./projection";
