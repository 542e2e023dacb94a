export * from "./platforms";
