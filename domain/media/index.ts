export * from "./content";
export * from "./errors";
export * from "./events";
export * from "./limits";
export * from "./media";
export * from "./projection";
export * from "./tags";
export * from "./urls";
