import { describe, expect, it } from "vitest";
import { type ComposeAccount, emptyForm } from "./compose-model";
import { postPayload } from "./compose-submit";

const accounts: ComposeAccount[] = [
  { id: "a1", platform: "facebook", accountName: "Lee FB", username: null, sandbox: true },
  { id: "a2", platform: "linkedin", accountName: "Lee LI", username: null, sandbox: true },
];
const form = { ...emptyForm("America/New_York"), accountIds: ["a1", "a2"], content: "Hello", scheduleType: "schedule" as const, scheduleDate: "2026-12-01", scheduleTime: "10:00" };

describe("the compose payload", () => {
  it("Schedule sends the date and time to be read in the chosen zone", () => {
    expect(postPayload(form, accounts, "schedule")).toMatchObject({ status: "scheduled", scheduledAt: "2026-12-01T10:00", timeZone: "America/New_York", platforms: ["facebook", "linkedin"], accountIds: ["a1", "a2"] });
  });

  it("Add to Timeslot leaves the time to the server, in the form's queue order", () => {
    const payload = postPayload({ ...form, queueOrder: "fifo" }, accounts, "timeslot");
    expect(payload).toMatchObject({ status: "scheduled", scheduledAt: null, addToTimeslot: true, queueOrder: "fifo" });
    expect(emptyForm("UTC").queueOrder).toBe("optimal");
  });

  it("Post Now has no time; drafts keep a chosen one", () => {
    expect(postPayload(form, accounts, "now")).toMatchObject({ status: "published", scheduledAt: null });
    expect(postPayload(form, accounts, "draft")).toMatchObject({ status: "draft", scheduledAt: "2026-12-01T10:00" });
    expect(postPayload(form, accounts, "now")).not.toHaveProperty("addToTimeslot");
  });

  it("sends the options of the chosen platforms only, without blank values or blank thread posts", () => {
    const options = {
      facebook: { firstComment: "  ", reel: true, location: "" },
      linkedin: {},
      twitter: { thread: ["Second", " ", ""] },
    };
    expect(postPayload({ ...form, options }, accounts, "schedule").options).toEqual({ facebook: { reel: true } });
    const withX = [...accounts, { id: "a3", platform: "twitter" as const, accountName: "Lee X", username: null, sandbox: true }];
    expect(postPayload({ ...form, accountIds: ["a3"], options }, withX, "schedule").options).toEqual({ twitter: { thread: ["Second"] } });
  });
});
