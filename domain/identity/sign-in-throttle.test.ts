import { describe, expect, it } from "vitest";
import { TooManyAttempts } from "./errors";
import { accountWaitSeconds, addressWaitSeconds, MAX_FAILED_LOGINS, waitText } from "./sign-in-throttle";

const now = new Date("2026-03-01T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("accountWaitSeconds: a growing wait, not a wall", () => {
  it("given fewer failures than the limit, then there is no wait", () => {
    expect(accountWaitSeconds(0, null, now)).toBe(0);
    expect(accountWaitSeconds(MAX_FAILED_LOGINS - 1, ago(0), now)).toBe(0);
  });

  it.each([
    [10, 60],
    [11, 120],
    [12, 240],
    [13, 480],
    [14, 900],
    [20, 900],
  ])("given %i failures, the latest just now, then the next attempt waits %i seconds", (failures, seconds) => {
    expect(accountWaitSeconds(failures, ago(0), now)).toBe(seconds);
  });

  it("given the latest failure dated after now (a parallel attempt that arrived later), then the wait is the rule's, not longer", () => {
    expect(accountWaitSeconds(10, new Date(now.getTime() + 50), now)).toBe(60);
    expect(addressWaitSeconds(new Date(now.getTime() + 50), now)).toBe(900);
  });

  it("given the wait partly over, then only the rest is left, and nothing once it is over", () => {
    expect(accountWaitSeconds(12, ago(100), now)).toBe(140);
    expect(accountWaitSeconds(12, ago(240), now)).toBe(0);
    expect(accountWaitSeconds(12, ago(1000), now)).toBe(0);
  });
});

describe("addressWaitSeconds", () => {
  it("given fewer failures than the address's limit (no limit-th newest), then there is no wait", () => {
    expect(addressWaitSeconds(null, now)).toBe(0);
  });

  it("given the limit-th newest failure 5 minutes ago, then the address waits the 10 minutes until it leaves the window", () => {
    expect(addressWaitSeconds(ago(300), now)).toBe(600);
    expect(addressWaitSeconds(ago(900), now)).toBe(0);
  });
});

describe("the sentence of a refusal", () => {
  it("gives the exact wait: seconds under a minute, whole minutes rounded up from one on", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(900)).toBe("15 minutes");
  });

  it("says the wait, the way out and that it grows; from one address it says so", () => {
    expect(new TooManyAttempts({ seconds: 120, scope: "account" }).message).toBe(
      "Too many sign-in attempts. Try again in 2 minutes, or reset your password. Each further wrong password doubles the wait (up to 15 minutes).",
    );
    expect(new TooManyAttempts({ seconds: 30, scope: "address" }).message).toBe("Too many sign-in attempts from your network. Try again in 30 seconds.");
    expect(TooManyAttempts.status).toBe(429);
  });
});
