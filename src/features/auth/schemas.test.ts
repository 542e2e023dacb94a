import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../lib/http-fields";
import { loginSchema, profileSchema, registerSchema } from "./schemas";

const messages = (result: { success: boolean; error?: any }) => (result.success ? {} : fieldErrors(result.error));

describe("registration validation (spec core §5)", () => {
  it("gives every field's message", () => {
    const result = registerSchema.safeParse({
      firstName: "A",
      lastName: "B",
      email: "nope",
      company: "C",
      password: "short",
      confirmPassword: "different",
      selectedPlan: "starter",
    });
    expect(messages(result)).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
      company: "Company name must be at least 2 characters",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
  });
  it("shows the mismatch on confirmPassword", () => {
    const result = registerSchema.safeParse({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      company: "Engines",
      password: "long enough",
      confirmPassword: "long enougH",
    });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });
  it("defaults the plan to professional and rejects unknown plans", () => {
    const base = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", company: "Engines", password: "long enough", confirmPassword: "long enough" };
    expect(registerSchema.parse(base).selectedPlan).toBe("professional");
    expect(registerSchema.safeParse({ ...base, selectedPlan: "enterprise" }).success).toBe(false);
  });
  it("reads missing fields with the same messages", () => {
    expect(messages(registerSchema.safeParse({}))).toMatchObject({
      firstName: "First name must be at least 2 characters",
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
    });
  });
});

describe("login and profile validation", () => {
  it("login", () => {
    expect(messages(loginSchema.safeParse({ email: "x", password: "" }))).toEqual({
      email: "Please enter a valid email address",
      password: "Password is required",
    });
  });
  it("profile", () => {
    expect(messages(profileSchema.safeParse({ username: "ab", email: "bad", timezone: "Europe/Paris" }))).toEqual({
      username: "Username must be at least 3 characters",
      email: "Invalid email address",
    });
    expect(profileSchema.safeParse({ username: "abc", email: "a@b.co", timezone: "Mars/Base" }).success).toBe(false);
  });
});
