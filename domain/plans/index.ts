export * from "./access";
export * from "./catalogue";
export * from "./trial";
