import { describe, expect, it } from "vitest";
import { fieldErrors } from "../web/http-fields";
import { changePasswordSchema } from "./schemas";
import { joinSchema } from "./schemas";
import { isCommonPassword } from "./password-strength";
import { loginSchema, profileSchema, registerSchema, resetPasswordSchema } from "./schemas";

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

describe("common passwords (zxcvbn's list and patterns)", () => {
  const COMMON = "This password is too common or too easy to guess. Try a few unrelated words, or a longer password.";
  const person = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", company: "Engines" };
  const refusals = (password: string) => ({
    register: messages(registerSchema.safeParse({ ...person, password, confirmPassword: password })).password,
    reset: messages(resetPasswordSchema.safeParse({ token: "t", password, confirmPassword: password })).password,
    change: messages(changePasswordSchema.safeParse({ currentPassword: "old one", newPassword: password, confirmPassword: password })).newPassword,
    join: messages(joinSchema.safeParse({ firstName: "Ada", lastName: "Lovelace", password, confirmPassword: password })).password,
  });

  it.each(["password", "password1", "Password1", "P@ssw0rd", "12345678", "123456789", "qwertyuiop", "iloveyou1", "drowssap", "11111111", "abcdefgh", "sunshine2024"])(
    "given %s, then register, reset, change and joining a team refuse it with the sentence",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
      expect(refusals(password)).toEqual({ register: COMMON, reset: COMMON, change: COMMON, join: COMMON });
    },
  );

  it.each(["correct horse battery", "hygienist-42", "a brand new secret", "Zk4!pq9Lmw", "whatever long"])("given %s, then it is accepted everywhere", (password) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(refusals(password)).toEqual({ register: undefined, reset: undefined, change: undefined, join: undefined });
  });

  it("given a short common password, then the length's message is the one shown", () => {
    expect(refusals("qwerty").register).toBe("Password must be at least 8 characters");
  });

  it("given a password of 256 characters, then it is weighed quickly (only its first 100 characters)", () => {
    const started = performance.now();
    expect(isCommonPassword("password".repeat(32))).toBe(true);
    expect(isCommonPassword("correct horse battery ".repeat(12).slice(0, 256))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
