export * from "./events";
export * from "./user";
export * from "./username";
export * from "./errors";
export * from "./timezones";
export * from "./projection";
export * from "./workspace";
export * from "./sign-in-throttle";
