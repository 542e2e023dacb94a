import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import { platformById, type PlatformId } from "../../domain/accounts";
import {
  atWallClock,
  completePublication,
  createPost,
  type PostContent,
  postDecider,
  postStreamId,
  type PostEvent,
  type PostState,
  recordAttempt,
  recordEngagement,
  recordPublishedToAccount,
} from "../../domain/publishing";
import { localDayOf, personActing } from "../../domain/shared";
import { callerOf, type CurrentUser } from "../identity/current-user";
import { Users } from "../identity/Users";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { CalendarNotes } from "../calendar/CalendarNotes";
import { firstImageIds } from "../media/queries";
import { Database } from "../db/Database";
import { handleCommand } from "../eventstore/handle";
import { sandboxEngagement } from "./engagement";
import { Posts } from "./Posts";
import { idempotencyKeyOf } from "./publish-post";
import { publishToSandbox } from "./sandbox";

/**
 * The demo workspace's posts, so that demo mode's dashboard, calendar, queue and analytics show
 * what a practice's month looks like: a history published to its sandbox accounts with their
 * engagement, drafts, calendar notes, and posts scheduled in the coming days. Everything is dated
 * from today and written through the post's commands (demo mode itself refuses every write).
 */

type Category = "Patient tips" | "Offers" | "Team news";

interface DemoPost {
  readonly text: string;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly category: Category;
}

const HISTORY: ReadonlyArray<DemoPost & { readonly daysAgo: number; readonly hour: number }> = [
  { daysAgo: 1, hour: 9, text: "Did you know? Changing your toothbrush every three months keeps it working as it should. #DentalTips", platforms: ["facebook", "instagram", "bluesky"], category: "Patient tips" },
  { daysAgo: 3, hour: 12, text: "Thank you to everyone who came to our open day on Saturday! 🦷 See you at your next check-up.", platforms: ["facebook", "instagram"], category: "Team news" },
  { daysAgo: 5, hour: 17, text: "This month only: 20% off professional whitening. Book online or call us.", platforms: ["facebook", "instagram", "google_business"], category: "Offers" },
  { daysAgo: 8, hour: 9, text: "Floss first or brush first? Either works, as long as you do both every day. #OralHealth", platforms: ["facebook", "bluesky"], category: "Patient tips" },
  { daysAgo: 11, hour: 12, text: "Dr. Alex Morgan spoke at the State Dental Association about preventive care for children.", platforms: ["linkedin", "facebook"], category: "Team news" },
  { daysAgo: 14, hour: 17, text: "Sensitive teeth in cold weather? A toothpaste for sensitive teeth helps within two weeks.", platforms: ["facebook", "instagram", "bluesky"], category: "Patient tips" },
  { daysAgo: 18, hour: 9, text: "We now open at 7:30 am on Tuesdays and Thursdays, so you can come before work.", platforms: ["facebook", "google_business"], category: "Team news" },
  { daysAgo: 22, hour: 12, text: "Sugar-free gum after lunch helps your saliva protect your teeth. #DentalTips", platforms: ["instagram", "bluesky"], category: "Patient tips" },
  { daysAgo: 27, hour: 17, text: "Welcome to Jamie, our new dental hygienist! Jamie joins us with ten years of experience.", platforms: ["facebook", "instagram", "linkedin"], category: "Team news" },
  { daysAgo: 33, hour: 9, text: "Back-to-school check-ups: book before the rush and get a free fluoride treatment.", platforms: ["facebook", "google_business"], category: "Offers" },
  { daysAgo: 40, hour: 12, text: "Sports drinks are as hard on enamel as soda. Water is the best choice after practice.", platforms: ["facebook", "instagram", "bluesky"], category: "Patient tips" },
  { daysAgo: 48, hour: 17, text: "Our practice earned the Patients' Choice award for the second year in a row. Thank you!", platforms: ["facebook", "linkedin", "google_business"], category: "Team news" },
  { daysAgo: 57, hour: 9, text: "Bleeding gums are not normal. Tell us at your next visit, or book a gum check today.", platforms: ["facebook", "instagram"], category: "Patient tips" },
  { daysAgo: 66, hour: 12, text: "New patients: a free consultation and X-rays with your first cleaning this spring.", platforms: ["facebook", "instagram", "google_business"], category: "Offers" },
  { daysAgo: 75, hour: 17, text: "Two minutes, twice a day. Hum a song to get the timing right! #KidsDentalHealth", platforms: ["instagram", "bluesky"], category: "Patient tips" },
  { daysAgo: 85, hour: 9, text: "We are hiring a front-desk coordinator. Know someone great? Send them our way.", platforms: ["linkedin", "facebook"], category: "Team news" },
];

const UPCOMING: ReadonlyArray<DemoPost & { readonly inDays: number; readonly hour: number }> = [
  { inDays: 1, hour: 9, text: "Tip of the week: rinse with water after your morning coffee to keep stains away.", platforms: ["facebook", "instagram", "bluesky"], category: "Patient tips" },
  { inDays: 2, hour: 12, text: "Last week of our whitening offer: 20% off until Sunday.", platforms: ["facebook", "instagram", "google_business"], category: "Offers" },
  { inDays: 4, hour: 17, text: "Meet the team: Dr. Morgan on why she chose family dentistry.", platforms: ["facebook", "linkedin"], category: "Team news" },
  { inDays: 6, hour: 9, text: "Mouthguards save teeth. Ask us about custom guards for the new season.", platforms: ["facebook", "instagram", "bluesky"], category: "Patient tips" },
  { inDays: 9, hour: 12, text: "Holiday hours: closed on the 24th and 25th, open as usual the rest of the week.", platforms: ["facebook", "google_business"], category: "Team news" },
];

const DRAFTS: ReadonlyArray<DemoPost> = [
  { text: "Idea: a short video of how we sterilise our instruments, for patients who feel nervous.", platforms: ["instagram", "facebook"], category: "Patient tips" },
  { text: "Spring offer: refer a friend and both get a free electric toothbrush.", platforms: ["facebook", "instagram", "google_business"], category: "Offers" },
];

const NOTES: ReadonlyArray<{ readonly inDays: number; readonly content: string; readonly color?: string }> = [
  { inDays: 3, content: "Staff training: the practice closes at 3 pm." },
  { inDays: 9, content: "Holiday hours post goes out; check the Google listing too.", color: "#60A5FA" },
  { inDays: 12, content: "Whitening offer ends.", color: "#F87171" },
  { inDays: -12, content: "Quarterly review of the social results.", color: "#4ADE80" },
];

const DAY_MS = 86_400_000;

/** The day (YYYY-MM-DD) `days` from today in the demo user's zone. */
const localDay = (now: Date, days: number, timeZone: string) => localDayOf(new Date(now.getTime() + days * DAY_MS), timeZone);

/** `hour`:00 on that day, in that zone. */
const atLocalHour = (now: Date, days: number, hour: number, timeZone: string) => {
  const [year, month, day] = localDay(now, days, timeZone).split("-").map(Number) as [number, number, number];
  return atWallClock({ year, month, day }, hour, 0, timeZone);
};

/** `categoryIds`: the demo workspace's categories by name, which the demo's seeding made before its posts. */
export const ensureDemoPosts = Effect.fn("Demo.ensurePosts")(function* (userId: string, now: Date, categoryIds: ReadonlyMap<string, string>) {
  const user = yield* (yield* Users).findById(userId);
  if (!user) return;
  const db = yield* Database;
  const accounts = (yield* (yield* SocialAccounts).list(user.workspaceId)).filter((a) => a.kind === "sandbox");
  if (accounts.length === 0) return;
  const accountIdsOf = (platforms: ReadonlyArray<PlatformId>) => accounts.filter((a) => platforms.includes(a.platform)).map((a) => a.id);
  const timeZone = user.timeZone || "UTC";
  const callerAt = (at: Date) =>
    callerOf(user, {
      now: at,
      correlationId: `demo-${randomUUID()}`,
      causationId: null,
    });
  // The sample images (infra/media/demo.ts): a post to a platform that needs a photo or video (Instagram) carries one, in turn.
  const images = yield* firstImageIds(user.workspaceId, 6);
  let turn = 0;
  const mediaFor = (post: DemoPost): ReadonlyArray<string> =>
    images.length > 0 && post.platforms.some((p) => platformById(p).posting.requires !== null) ? [images[turn++ % images.length]!] : [];
  const posts = yield* Posts;
  const input = (post: DemoPost, status: "draft" | "scheduled", scheduledAt: Date | null) => ({
    content: post.text,
    platforms: post.platforms.filter((p) => accounts.some((a) => a.platform === p)),
    media: mediaFor(post),
    status,
    scheduledAt: scheduledAt?.toISOString() ?? null,
    timeZone,
    accountIds: accountIdsOf(post.platforms),
    postType: "standard" as const,
    businessData: {},
    locationIds: [],
    categoryId: categoryIds.get(post.category) ?? null,
    options: {},
    recurrence: null,
  });

  const [{ posts: existing }] = yield* db.query(
    (sql) => sql<{ posts: number }[]>`select count(*)::int as posts from posts where workspace_id = ${user.workspaceId}`,
  );
  if (existing === 0) {
    for (const post of HISTORY)
      yield* publishedInThePast(
        user,
        post,
        atLocalHour(now, -post.daysAgo, post.hour, timeZone),
        accounts,
        categoryIds.get(post.category) ?? null,
        now,
        mediaFor(post),
      );
    for (const post of DRAFTS) yield* posts.create(callerAt(now), input(post, "draft", null));
    const notes = yield* CalendarNotes;
    for (const note of NOTES) {
      yield* notes.create(callerAt(now), {
        date: localDay(now, note.inDays, timeZone),
        content: note.content,
        ...(note.color ? { color: note.color } : {}),
      });
    }
  }

  // The scheduled posts go out and join the history; the coming days get new ones.
  const [{ upcoming }] = yield* db.query(
    (sql) => sql<{ upcoming: number }[]>`
      select count(*)::int as upcoming from posts where workspace_id = ${user.workspaceId} and status = 'scheduled' and scheduled_at > ${now}`,
  );
  if (upcoming === 0) {
    for (const post of UPCOMING) yield* posts.create(callerAt(now), input(post, "scheduled", atLocalHour(now, post.inDays, post.hour, timeZone)));
  }
});

/** A post as the scheduler would have published it at `at` to the sandbox accounts, with the engagement it has gathered since. */
const publishedInThePast = (
  user: CurrentUser,
  post: DemoPost,
  at: Date,
  accounts: ReadonlyArray<{ readonly id: string; readonly platform: PlatformId }>,
  categoryId: string | null,
  now: Date,
  media: ReadonlyArray<string>,
) =>
  Effect.gen(function* () {
    const postId = randomUUID();
    const targets = accounts.filter((a) => post.platforms.includes(a.platform)).map((a) => ({ accountId: a.id, platform: a.platform }));
    const content: PostContent = {
      content: post.text,
      media,
      platforms: [...new Set(targets.map((t) => t.platform))],
      targets,
      postType: "standard",
      businessData: {},
      locationIds: [],
      categoryId,
      options: {},
    };
    const on = <E>(decide: (state: PostState) => Effect.Effect<ReadonlyArray<PostEvent>, E>, when: Date) =>
      handleCommand(postStreamId(postId), postDecider, decide, {
        ctx: {
          actor: personActing(user.id),
          now: when,
          correlationId: `demo-${postId}`,
          causationId: null,
        },
        workspaceId: user.workspaceId,
      });
    yield* on(
      createPost({
        postId,
        workspaceId: user.workspaceId,
        authorId: user.id,
        content,
        timeZone: user.timeZone || "UTC",
        now: at,
        publishNow: true,
      }),
      at,
    );
    for (const target of targets) {
      yield* on(recordAttempt({ accountId: target.accountId, now: at }), at);
      const published = yield* publishToSandbox({
        workspaceId: user.workspaceId,
        accountId: target.accountId,
        postId,
        idempotencyKey: idempotencyKeyOf(postId, target.accountId, 1),
        content: post.text,
        media,
        options: {},
        now: at,
      });
      yield* on(recordPublishedToAccount({ accountId: target.accountId, platformPostId: published.platformPostId, url: published.url, publishedAt: at }), at);
    }
    yield* on(completePublication({ now: at }), at);
    for (const target of targets) {
      yield* on(recordEngagement({ accountId: target.accountId, ...sandboxEngagement(postId, target.accountId, at, now), now }), now);
    }
  });
