export * from "./types";
export * from "./google";
export * from "./yelp";
