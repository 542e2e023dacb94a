import { z } from "zod";

/**
 * Sentences for zod's own messages ("Invalid input: expected object, received array"), which a
 * schema's fields replace with the spec's texts where it gives one. Set once for the server.
 */
const KINDS: Readonly<Record<string, string>> = {
  object: "an object",
  array: "a list",
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  date: "a date",
};

const subjectOf = (path: ReadonlyArray<PropertyKey> | undefined) =>
  path && path.length > 0 ? `"${path.map(String).join(".")}"` : "The request body";

z.config({
  customError: (issue) => {
    const subject = subjectOf(issue.path);
    switch (issue.code) {
      case "invalid_type":
        return `${subject} must be ${KINDS[issue.expected] ?? issue.expected}.`;
      case "too_big":
        return `${subject} must be at most ${String(issue.maximum)}${issue.origin === "string" ? " characters" : issue.origin === "array" ? " items" : ""}.`;
      case "too_small":
        return `${subject} must be at least ${String(issue.minimum)}${issue.origin === "string" ? " characters" : issue.origin === "array" ? " items" : ""}.`;
      case "invalid_value":
        return `${subject} must be one of: ${issue.values.map(String).join(", ")}.`;
      case "invalid_format":
        return `${subject} is not in the expected form (${issue.format}).`;
      default:
        return `${subject} is not valid.`;
    }
  },
});
