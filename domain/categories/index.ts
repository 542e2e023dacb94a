export * from "./events";
export * from "./rules";
export * from "./evergreen";
export * from "./category";
export * from "./projection";
