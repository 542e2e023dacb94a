import { describe, expect, it } from "vitest";
import { MAX_REPEATS } from "../../../domain/publishing/recurrence";
import { MAX_MEDIA } from "../posts/post-form";
import type { LoadedPost } from "./compose-model";
import { formFromPost } from "./compose-post";
import { type ComposeAction, composeReducer, type ComposeState, initialComposeState } from "./compose-reducer";

const ZONE = "America/New_York";
const fresh = () => initialComposeState(ZONE, "");
const run = (state: ComposeState, ...actions: ComposeAction[]) => actions.reduce(composeReducer, state);

const post = (overrides: Partial<LoadedPost> = {}): LoadedPost => ({
  id: "p1",
  version: 3,
  content: "Draft about flossing",
  media: [],
  status: "draft",
  scheduledAt: null,
  timeZone: ZONE,
  categoryId: null,
  options: {},
  targets: [{ accountId: "a1" }],
  recurrence: null,
  ...overrides,
});

const loaded = (p: LoadedPost): ComposeAction => ({ type: "postLoaded", post: p, form: formFromPost(p, ZONE) });

const editing = (version = 3) => run(fresh(), loaded(post({ version })));

describe("composeReducer", () => {
  it("given a date from the calendar, when the form starts, then it is scheduled on that date", () => {
    const state = initialComposeState(ZONE, "2026-12-01");
    expect(state.form).toMatchObject({ scheduleType: "schedule", scheduleDate: "2026-12-01", timeZone: ZONE });
  });

  it("given a content template, when the form starts, then it holds its text, files and accounts, posted now", () => {
    const state = initialComposeState(ZONE, "", { content: "Hello\n\n#smile", media: ["/media/x/a.png"], accountIds: ["a1"] });
    expect(state.form).toMatchObject({ content: "Hello\n\n#smile", media: ["/media/x/a.png"], accountIds: ["a1"], scheduleType: "now" });
    expect(state.editing).toBeNull();
  });

  it("given chosen accounts, when a category is chosen, then the accounts start over", () => {
    const state = run(fresh(), { type: "accountToggled", accountId: "a1" }, { type: "categoryChosen", categoryId: "c1" });
    expect(state.form).toMatchObject({ categoryId: "c1", accountIds: [] });
  });

  it("given a chosen account, when it is toggled again, then it is no longer chosen", () => {
    const state = run(fresh(), { type: "accountToggled", accountId: "a1" }, { type: "accountToggled", accountId: "a2" }, { type: "accountToggled", accountId: "a1" });
    expect(state.form.accountIds).toEqual(["a2"]);
  });

  it("given attached media, when the same file and more than the limit are added, then each file is kept once and at most the limit", () => {
    const urls = Array.from({ length: MAX_MEDIA + 3 }, (_, i) => `https://example.com/${i}.png`);
    const state = run(fresh(), { type: "mediaAdded", urls: [urls[0]!] }, { type: "mediaAdded", urls });
    expect(state.form.media).toEqual(urls.slice(0, MAX_MEDIA));
  });

  it("given three files, when the second is removed, then the others stay in order", () => {
    const state = run(fresh(), { type: "mediaAdded", urls: ["/a", "/b", "/c"] }, { type: "mediaRemoved", index: 1 });
    expect(state.form.media).toEqual(["/a", "/c"]);
  });

  it("given Post now, when Repeat is ticked, then the post is scheduled and repeats", () => {
    const state = run(fresh(), { type: "repeatToggled", repeat: true });
    expect(state.form).toMatchObject({ repeat: true, scheduleType: "schedule" });
  });

  it("given Post now, when Recurring is chosen, then Repeat is on", () => {
    const state = run(fresh(), { type: "scheduleTypeChosen", scheduleType: "recurring" });
    expect(state.form).toMatchObject({ scheduleType: "recurring", repeat: true });
  });

  it("given a recurring post, when Choose date & time is asked, then it stays recurring", () => {
    const state = run(fresh(), { type: "scheduleTypeChosen", scheduleType: "recurring" }, { type: "dateAndTimeAsked" });
    expect(state.form.scheduleType).toBe("recurring");
  });

  it("given Post now, when Choose date & time is asked, then Schedule is chosen", () => {
    expect(run(fresh(), { type: "dateAndTimeAsked" }).form.scheduleType).toBe("schedule");
  });

  it("given weekly repeats, when Monday is toggled on and off, then no day is left", () => {
    const state = run(fresh(), { type: "weekdayToggled", weekday: 1 }, { type: "weekdayToggled", weekday: 1 });
    expect(state.form.recurringDays).toEqual([]);
  });

  it("given the repeat count, when a number out of range is typed, then it is kept between 1 and the maximum", () => {
    expect(run(fresh(), { type: "repeatCountChanged", count: MAX_REPEATS + 5, max: MAX_REPEATS }).form.recurringCount).toBe(MAX_REPEATS);
    expect(run(fresh(), { type: "repeatCountChanged", count: Number.NaN, max: MAX_REPEATS }).form.recurringCount).toBe(1);
  });

  it("given X options, when a thread post is set, then the other platforms' options stay", () => {
    const state = run(fresh(), { type: "optionChanged", platform: "facebook", key: "reel", value: true }, { type: "optionChanged", platform: "twitter", key: "thread", value: ["Second"] });
    expect(state.form.options).toEqual({ facebook: { reel: true }, twitter: { thread: ["Second"] } });
  });

  it("given field errors, when a save starts, then the errors are cleared and the action is saving", () => {
    const state = run(fresh(), { type: "submitRefused", errors: { platforms: "Select at least one platform" } }, { type: "submitStarted", action: "schedule" });
    expect(state).toMatchObject({ errors: {}, saving: "schedule" });
  });

  it("given a new post being saved, when the save succeeds, then the form starts over in the person's zone", () => {
    const state = run(
      fresh(),
      { type: "fieldChanged", patch: { content: "Hello", timeZone: "Europe/Paris" } },
      { type: "accountToggled", accountId: "a1" },
      { type: "submitStarted", action: "now" },
      { type: "submitSucceeded", version: 1 },
    );
    expect(state).toMatchObject({ saving: null, editing: null, form: { content: "", accountIds: [], timeZone: ZONE, scheduleType: "now" } });
  });

  it("given a save the server refused, when it fails, then its field errors show and the text stays", () => {
    const state = run(fresh(), { type: "fieldChanged", patch: { content: "Hello" } }, { type: "submitStarted", action: "draft" }, { type: "submitFailed", errors: { content: "Content too long" } });
    expect(state).toMatchObject({ saving: null, errors: { content: "Content too long" }, form: { content: "Hello" } });
  });

  it("given ?post={id}, when the post is read, then the form holds it and remembers its version", () => {
    const state = editing(3);
    expect(state.editing).toEqual({ id: "p1", version: 3 });
    expect(state.form).toMatchObject({ content: "Draft about flossing", accountIds: ["a1"], scheduleType: "now" });
  });

  it("given an edited post at version 3, when the save succeeds with version 4, then the form keeps its text at version 4", () => {
    const state = run(editing(3), { type: "fieldChanged", patch: { content: "Edited" } }, { type: "submitStarted", action: "draft" }, { type: "submitSucceeded", version: 4 });
    expect(state).toMatchObject({ saving: null, editing: { id: "p1", version: 4 }, form: { content: "Edited" } });
  });

  it("given an edited post, when the server answers a version conflict, then its message shows and the person's text stays", () => {
    const message = "This item was changed by someone else. Reload and try again.";
    const state = run(editing(3), { type: "fieldChanged", patch: { content: "My edit" } }, { type: "submitStarted", action: "draft" }, { type: "versionConflicted", message });
    expect(state).toMatchObject({ saving: null, conflict: message, editing: { version: 3 }, form: { content: "My edit" } });
  });

  it("given a version conflict, when Reload reads the post again, then the form holds the server's post at its new version and the conflict is gone", () => {
    const conflicted = run(editing(3), { type: "fieldChanged", patch: { content: "My edit" } }, { type: "versionConflicted", message: "Changed by someone else." }, { type: "reloadStarted" });
    expect(conflicted.reloading).toBe(true);
    const state = run(conflicted, loaded(post({ version: 5, content: "Their edit" })));
    expect(state).toMatchObject({ conflict: null, reloading: false, editing: { id: "p1", version: 5 }, form: { content: "Their edit" } });
  });

  it("given a version conflict, when the reload fails, then the conflict stays so the person can try again", () => {
    const state = run(editing(3), { type: "versionConflicted", message: "Changed." }, { type: "reloadStarted" }, { type: "reloadFailed" });
    expect(state).toMatchObject({ conflict: "Changed.", reloading: false });
  });

  it("given a version conflict, when the person saves again, then the conflict note goes while the save runs", () => {
    const state = run(editing(3), { type: "versionConflicted", message: "Changed." }, { type: "submitStarted", action: "draft" });
    expect(state.conflict).toBeNull();
  });

  it("given a post read without a version, when it is saved, then no version is remembered", () => {
    const state = run(fresh(), loaded(post({ version: undefined })), { type: "submitSucceeded", version: null });
    expect(state.editing).toEqual({ id: "p1", version: null });
  });
});
