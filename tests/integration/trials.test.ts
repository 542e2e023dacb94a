import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import type { JobHelpers } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sessions } from "../../infra/auth/Sessions";
import { hashToken } from "../../infra/auth/tokens";
import { type CommandContext, systemContext } from "../../domain/shared";
import { Registration } from "../../infra/identity/Registration";
import { SignIn } from "../../infra/identity/SignIn";
import { Trials } from "../../infra/identity/Trials";
import { UserAdmin } from "../../infra/identity/UserAdmin";
import { Users } from "../../infra/identity/Users";
import { rebuildProjections, verifyProjections } from "../../infra/eventstore/rebuild";
import { taskList } from "../../infra/worker";
import { projections } from "../../infra/modules";
import { createTestApp } from "../support/database";

/**
 * Trials end through events (TrialExpired), never by editing the read model: by the sweep
 * (`expireDueTrials`, the hourly `expire_trials` cron) and by each trial's own `expire_trial` job.
 * Plus the daily `purge_expired_auth` clean-up. The tasks are called directly with a minimal fake
 * of graphile-worker's helpers; the real worker runs in the HTTP test's server.
 */

const DAY_MS = 86_400_000;
let app: Awaited<ReturnType<typeof createTestApp>>;
let tasks: ReturnType<typeof taskList>;

/** One task of the worker's task list, as graphile-worker would call it. */
const task = (name: string) => {
  const found = tasks[name];
  if (!found) throw new Error(`The worker has no task ${name}`);
  return found;
};

beforeAll(async () => {
  app = await createTestApp();
  tasks = taskList(app.runtime);
});
afterAll(() => app?.close());

const ctx = (now = new Date(), correlationId: string = randomUUID()): CommandContext => systemContext("trials", now, correlationId);

/** Registers a user as if it happened at `at`: their trial ends TRIAL_DAYS (5) later. */
const registerAt = async (at: Date) => {
  const email = `trial-${randomUUID().slice(0, 8)}@example.com`;
  const user = await app.run(
    Registration.use((registration) =>
      registration.register(
        {
          firstName: "Terry",
          lastName: "Trial",
          email,
          company: "Trial Co",
          password: "correct horse battery",
          selectedPlan: "starter",
          timeZone: "Europe/Paris",
        },
        ctx(at),
      ),
    ),
  );
  return user;
};

/** The events of the user's workspace: the subscriber. */
const eventsOf = async (userId: string) =>
  app.sql<{ type: string; data: any; metadata: any }[]>`
    select type, data, metadata from events
    where stream_id = (select 'workspace-' || workspace_id from users where id = ${userId}) order by stream_version`;

/** The subscription as the user's workspace holds it. */
const userRow = async (userId: string) =>
  (await app.sql<{ subscription_tier: string; subscription_status: string; is_trial_active: boolean; trial_ends_at: Date }[]>`
    select w.subscription_tier, w.subscription_status, w.is_trial_active, w.trial_ends_at
    from users u join workspaces w on w.id = u.workspace_id where u.id = ${userId}`)[0];

const fakeHelpers = (jobId = "1") => {
  const logs: string[] = [];
  const logger = { info: (m: string) => logs.push(m), debug() {}, warn() {}, error() {}, scope() { return logger; } };
  return { helpers: { job: { id: jobId }, logger } as unknown as JobHelpers, logs };
};

const expireDueTrials = (now = new Date(), correlationId?: string) =>
  app.run(Trials.use((trials) => trials.expireDueTrials(ctx(now, correlationId))));

describe("ending trials whose time is up (expireDueTrials)", () => {
  it("given a trial that ended 5 days ago and one still running, then only the first gets TrialExpired and reads expired", async () => {
    const past = await registerAt(new Date(Date.now() - 10 * DAY_MS));
    const current = await registerAt(new Date());
    expect(new Date(past.trialEndsAt!).getTime()).toBeLessThan(Date.now() - 4 * DAY_MS);
    expect(past.isTrialActive).toBe(true);
    const currentBefore = await userRow(current.id);

    const correlationId = `sweep-${randomUUID()}`;
    const now = new Date();
    expect(await expireDueTrials(now, correlationId)).toBe(1);

    const events = await eventsOf(past.id);
    expect(events.map((e) => e.type)).toEqual(["WorkspaceCreated", "TrialStarted", "TrialExpired"]);
    expect(events[2].data).toEqual({ workspaceId: past.workspaceId, endedAt: now.toISOString() });
    expect(events[2].metadata).toMatchObject({ correlationId, workspaceId: past.workspaceId });
    expect(await userRow(past.id)).toMatchObject({ subscription_tier: "trial", subscription_status: "expired", is_trial_active: false });
    const reread = await app.run(Users.use((users) => users.findById(past.id)));
    expect(reread).toMatchObject({ isTrialActive: false, subscriptionStatus: "expired" });

    expect((await eventsOf(current.id)).map((e) => e.type)).toEqual(["WorkspaceCreated", "TrialStarted"]);
    expect(await userRow(current.id)).toEqual(currentBefore);
  });

  it("given the trials already ended, when the sweep runs again, then it records nothing more", async () => {
    const past = await registerAt(new Date(Date.now() - 6 * DAY_MS));
    expect(await expireDueTrials()).toBe(1);
    const [{ n: before }] = await app.sql<{ n: number }[]>`select count(*)::int as n from events`;
    expect(await expireDueTrials()).toBe(0);
    expect(await expireDueTrials()).toBe(0);
    const [{ n: after }] = await app.sql<{ n: number }[]>`select count(*)::int as n from events`;
    expect(after).toBe(before);
    expect((await eventsOf(past.id)).filter((e) => e.type === "TrialExpired")).toHaveLength(1);
  });

  it("given a trial that ends in the future, when the sweep runs at a time before its end, then it stays active", async () => {
    const user = await registerAt(new Date(Date.now() - 2 * DAY_MS));
    // Three days left: a sweep one minute before the end does nothing, one at the end ends it.
    const end = new Date(user.trialEndsAt!);
    expect(await expireDueTrials(new Date(end.getTime() - 60_000))).toBe(0);
    expect(await userRow(user.id)).toMatchObject({ is_trial_active: true, subscription_status: "trial" });
    expect(await expireDueTrials(end)).toBe(1);
    expect(await userRow(user.id)).toMatchObject({ is_trial_active: false, subscription_status: "expired" });
  });

  it("given a user moved to a paid plan before the trial's end, then the sweep leaves them on their plan", async () => {
    const user = await registerAt(new Date(Date.now() - 10 * DAY_MS));
    await app.run(UserAdmin.use((admin) => admin.setPlan(user.email, "professional", "test", ctx())));
    expect(await expireDueTrials()).toBe(0);
    expect((await eventsOf(user.id)).map((e) => e.type)).not.toContain("TrialExpired");
    expect(await userRow(user.id)).toMatchObject({ subscription_tier: "professional", subscription_status: "active", is_trial_active: false });
  });

  it("given a registration, then its trial-end job is scheduled at the trial's end in the same transaction", async () => {
    const user = await registerAt(new Date(Date.now() - 10 * DAY_MS));
    const jobs = await app.sql`select task_identifier, run_at from graphile_worker.jobs where key = ${`trial:${user.workspaceId}`}`;
    expect(jobs).toHaveLength(1);
    expect(jobs[0].task_identifier).toBe("expire_trial");
    expect(new Date(jobs[0].run_at).toISOString()).toBe(user.trialEndsAt);
    await expireDueTrials();
  });
});

describe("the worker's tasks", () => {
  it("given a trial whose end has passed, when its expire_trial job runs, then TrialExpired is recorded once, however often it runs", async () => {
    const past = await registerAt(new Date(Date.now() - 7 * DAY_MS));
    const { helpers } = fakeHelpers("42");
    await task("expire_trial")({ workspaceId: past.workspaceId }, helpers);
    const events = await eventsOf(past.id);
    expect(events.map((e) => e.type)).toEqual(["WorkspaceCreated", "TrialStarted", "TrialExpired"]);
    expect(events[2].metadata.correlationId).toBe("job-42");
    expect(await userRow(past.id)).toMatchObject({ is_trial_active: false, subscription_status: "expired" });

    await task("expire_trial")({ workspaceId: past.workspaceId }, helpers);
    expect((await eventsOf(past.id)).map((e) => e.type)).toEqual(["WorkspaceCreated", "TrialStarted", "TrialExpired"]);
  });

  it("given a job added before the workspace became the subscriber (it names the owner), when it runs, then the owner's workspace's trial ends", async () => {
    const past = await registerAt(new Date(Date.now() - 7 * DAY_MS));
    await task("expire_trial")({ userId: past.id }, fakeHelpers().helpers);
    expect(await userRow(past.id)).toMatchObject({ is_trial_active: false, subscription_status: "expired" });
  });

  it("given a trial still running (a job run early), when expire_trial runs, then nothing is recorded", async () => {
    const current = await registerAt(new Date());
    await task("expire_trial")({ workspaceId: current.workspaceId }, fakeHelpers().helpers);
    expect((await eventsOf(current.id)).map((e) => e.type)).toEqual(["WorkspaceCreated", "TrialStarted"]);
    expect(await userRow(current.id)).toMatchObject({ is_trial_active: true, subscription_status: "trial" });
  });

  it("given a job for a user that does not exist, when expire_trial runs, then it completes without error", async () => {
    await expect(task("expire_trial")({ userId: randomUUID() }, fakeHelpers().helpers)).resolves.toBeUndefined();
  });

  it("given trials whose end has passed, when the expire_trials sweep task runs, then it ends them and logs how many", async () => {
    const a = await registerAt(new Date(Date.now() - 9 * DAY_MS));
    const b = await registerAt(new Date(Date.now() - 8 * DAY_MS));
    const { helpers, logs } = fakeHelpers("7");
    await task("expire_trials")({}, helpers);
    for (const user of [a, b]) {
      expect(await userRow(user.id)).toMatchObject({ is_trial_active: false, subscription_status: "expired" });
    }
    expect(logs).toEqual(["Ended 2 trial(s)"]);
  });

  it("given expired and live sessions and reset tokens, when purge_expired_auth runs, then only the expired ones are deleted", async () => {
    const user = await registerAt(new Date());
    const client = { userAgent: "vitest", ip: "127.0.0.1" };
    const now = Date.now();
    const [expiredSession, liveSession] = await app.run(
      Sessions.use((sessions) =>
        Effect.all([
          sessions.create(user.id, client, new Date(now - 31 * DAY_MS)),
          sessions.create(user.id, client, new Date(now)),
        ]),
      ),
    );
    await app.run(SignIn.use((signIn) => signIn.requestPasswordReset(user.email, new Date(now - 2 * 3_600_000))));
    await app.run(SignIn.use((signIn) => signIn.requestPasswordReset(user.email, new Date(now))));
    const tokens = await app.sql<{ id: string; expires_at: Date }[]>`
      select id, expires_at from password_reset_tokens where user_id = ${user.id} order by created_at`;
    expect(tokens).toHaveLength(2);
    await app.sql`insert into login_attempts (email, attempted_at) values
                  (${user.email}, now() - interval '2 days'), (${user.email}, now() - interval '1 minute')`;

    const { helpers, logs } = fakeHelpers();
    await task("purge_expired_auth")({}, helpers);

    const sessionIds = (await app.sql<{ id: string }[]>`select id from sessions where user_id = ${user.id}`).map((r) => r.id);
    expect(sessionIds).toEqual([hashToken(liveSession.token)]);
    expect(sessionIds).not.toContain(hashToken(expiredSession.token));
    const left = (await app.sql<{ id: string }[]>`select id from password_reset_tokens where user_id = ${user.id}`).map((r) => r.id);
    expect(left).toEqual([tokens[1].id]);
    const attempts = await app.sql`select 1 from login_attempts where email = ${user.email}`;
    expect(attempts).toHaveLength(1);
    expect(logs).toEqual(["Removed 1 expired session(s) and 1 reset token(s)"]);

    // The live session still signs in.
    const valid = await app.run(Sessions.use((sessions) => sessions.validate(liveSession.token, new Date())));
    expect(valid).toMatchObject({ userId: user.id });
  });
});

describe("a workspace registered before the workspace became the subscriber", () => {
  /** The events as the first version wrote them: the trial on the owner's stream, without its workspace. */
  const registerTheOldWay = async (trialEndsAt: Date) => {
    const userId = randomUUID();
    const workspaceId = randomUUID();
    const metadata = { actorId: userId, workspaceId, correlationId: "old", causationId: null };
    const at = new Date(trialEndsAt.getTime() - 14 * DAY_MS);
    const append = (stream: string, version: number, type: string, data: object) =>
      app.sql`insert into events (stream_id, stream_version, type, schema_version, data, metadata, created_at)
              values (${stream}, ${version}, ${type}, 1, ${app.sql.json(data as never)}, ${app.sql.json(metadata as never)}, ${at})`;
    await app.sql`insert into streams (stream_id, version) values (${`workspace-${workspaceId}`}, 1), (${`user-${userId}`}, 2)`;
    await append(`workspace-${workspaceId}`, 1, "WorkspaceCreated", { workspaceId, name: "Old Co", ownerId: userId, isDemo: false });
    await append(`user-${userId}`, 1, "UserRegistered", {
      userId, workspaceId, email: `old-${userId.slice(0, 8)}@example.com`, username: `old${userId.slice(0, 8)}`, passwordHash: null,
      firstName: "Olive", lastName: "Old", company: "Old Co", selectedPlan: "growth", timeZone: "UTC",
    });
    await append(`user-${userId}`, 2, "TrialStarted", { plan: "growth", endsAt: trialEndsAt.toISOString() });
    return { userId, workspaceId };
  };

  it("given its trial events in their first shape, when the read models are rebuilt, then the workspace holds the trial, and a sweep ends it on the workspace's stream", async () => {
    const { userId, workspaceId } = await registerTheOldWay(new Date(Date.now() - DAY_MS));
    await app.run(rebuildProjections(projections));
    expect(await userRow(userId)).toMatchObject({ subscription_tier: "trial", subscription_status: "trial", is_trial_active: true });

    expect(await expireDueTrials()).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(userId)).map((e) => [e.type, e.data])).toEqual([
      ["WorkspaceCreated", { workspaceId, name: "Old Co", ownerId: userId, isDemo: false }],
      ["TrialExpired", { workspaceId, endedAt: expect.any(String) }],
    ]);
    expect(await userRow(userId)).toMatchObject({ is_trial_active: false, subscription_status: "expired" });
    // The old events stay as they were written.
    const [old] = await app.sql`select data, schema_version from events where stream_id = ${`user-${userId}`} and type = 'TrialStarted'`;
    expect(old).toMatchObject({ data: { plan: "growth" }, schema_version: 1 });
    expect((await app.run(verifyProjections(projections))).differences).toEqual([]);
  });
});
