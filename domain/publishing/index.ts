export * from "./best-times";
export * from "./events";
export * from "./post";
export * from "./projection";
export * from "./recurrence";
export * from "./scheduled-at";
export * from "./validation";
export * from "./timeslots";
