export * from "./events";
export * from "./rules";
export * from "./capabilities";
export * from "./message";
export * from "./templates";
export * from "./projection";
