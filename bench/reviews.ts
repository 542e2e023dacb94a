/**
 * The reviews of a business with many locations (issue 12: "50,000 reviews over 200 locations: the
 * tiles and the first page answer in under 100 ms, p99"): the bench user's workspace put on the
 * professional plan (review management), one connected Business Profile (`social_accounts`, oauth)
 * with 200 `business_locations` and 50,000 `reviews` rows seeded straight into the read models
 * (busier and quieter locations, every rating, ~60 % responded, ~5 % flagged, ~30 % of the rest read, over two
 * years, texts from a star alone to a long story), plus a few hundred reviews of two listing sites
 * (Healthgrades, Yelp); then GET /api/reviews/summary and GET /api/reviews unfiltered, by status,
 * site and rating, location, and a search, each timed `samples` times in a row (p50/p99).
 * The seeded accounts are marked polled until 'infinity', so the app's worker never calls a site for them.
 */
import { sqlClient } from "../infra/db/client";
import { latencyOf } from "./format";

export const REVIEWS_BUDGET_MS = 100;

/** The seeded accounts: one Business Profile and two listings. */
const GOOGLE_ACCOUNT = "00000000-0000-4000-8000-0000000be001";
const HEALTHGRADES_ACCOUNT = "00000000-0000-4000-8000-0000000be002";
const YELP_ACCOUNT = "00000000-0000-4000-8000-0000000be003";
const ACCOUNTS = [GOOGLE_ACCOUNT, HEALTHGRADES_ACCOUNT, YELP_ACCOUNT];

/** What reviewers write, a sentence at a time (a review is 0 to ~40 of them); "parking" is only in the line added to ~4 % of them. */
const SENTENCES = [
  "Dr. Patel and the whole team were friendly and professional.",
  "The front desk staff made checking in quick and easy.",
  "I was seen right on time, which never happens anywhere else.",
  "Waited almost forty minutes past my appointment time.",
  "The hygienist was gentle and explained everything she was doing.",
  "Billing was confusing and nobody called me back about it.",
  "Clean, modern office with a calm waiting room.",
  "They got me in the same day for an emergency, thank you!",
  "My kids actually look forward to their check-ups now.",
  "Prices were clearly explained before any work started.",
  "The new booking app made rescheduling painless.",
  "I felt rushed and my questions were brushed off.",
  "Highly recommend to anyone nervous about the dentist.",
  "Insurance paperwork was handled for me, no hassle at all.",
  "The follow-up call the next day was a nice touch.",
  "Would not come back after how I was treated on the phone.",
  "Great experience from start to finish.",
  "Music was a bit loud in the treatment room but otherwise fine.",
  "They remembered me from my last visit a year ago.",
  "Took the time to walk me through my options without any pressure.",
  "The crown fits perfectly and I can finally chew on that side again.",
  "Reception seemed overwhelmed and the phone kept ringing.",
  "Best cleaning I have had in years.",
  "Friendly, fast and thorough.",
];
const PARKING = [
  "Parking was easy, right in front of the building.",
  "Parking is a nightmare around here, come early.",
  "Free parking in the garage next door.",
];
const RESPONSES = [
  "Thank you so much for the kind words, {name}! We look forward to seeing you at your next visit.",
  "Hi {name}, we are sorry to hear about your experience. Please call our office manager so we can make this right.",
  "Thanks for taking the time to share your feedback, {name}. We have passed it on to the whole team.",
  "We appreciate your review, {name}! It was a pleasure having you.",
];
const FIRST_NAMES = [
  "Anna",
  "Ben",
  "Carla",
  "David",
  "Elif",
  "Farid",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kemal",
  "Lea",
  "Marco",
  "Nadia",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tara",
];
const CITIES = ["Springfield", "Riverside", "Franklin", "Greenville", "Bristol", "Clinton", "Fairview", "Salem", "Madison", "Georgetown"];

export interface ReviewsFigure {
  readonly label: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly samples: number;
}

export interface ReviewsFigures {
  readonly reviews: number;
  readonly locations: number;
  /** Reviews of the listing sites (Healthgrades, Yelp). */
  readonly otherReviews: number;
  readonly seedSeconds: number;
  /** The location measured alone (the busiest): its name and review count. */
  readonly location: { readonly name: string; readonly reviews: number };
  /** Reviews the search's word is in. */
  readonly searchMatches: number;
  readonly figures: ReadonlyArray<ReviewsFigure>;
}

export const measureReviews = async (options: {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly email: string;
  readonly databaseUrl: string;
  readonly reviews?: number;
  readonly locations?: number;
  readonly samples?: number;
}): Promise<ReviewsFigures> => {
  const reviews = options.reviews ?? 50_000;
  const locations = options.locations ?? 200;
  const samples = options.samples ?? 100;
  const headers = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json" };
  const sql = sqlClient(options.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string; workspace_id: string; tier: string }[]>`
      select u.id, u.workspace_id, w.subscription_tier as tier from users u join workspaces w on w.id = u.workspace_id where u.email = ${options.email}`;
    if (!user) throw new Error(`no user ${options.email}`);
    const ws = user.workspace_id;
    const started = performance.now();
    let otherReviews = 0;
    try {
      // Professional: the first plan with review management (and no social inbox, so the inbox's poll leaves the workspace alone).
      await sql`update workspaces set subscription_tier = 'professional', subscription_status = 'active', is_trial_active = false where id = ${ws}`;
      await sql.begin(async (tx) => {
        await tx`select setseed(0.12)`;
        await tx`
          insert into social_accounts (id, workspace_id, platform, kind, external_id, account_name, username, profile_url, metadata, status, connected_at, updated_at)
          values (${GOOGLE_ACCOUNT}, ${ws}, 'google_business', 'oauth', 'accounts/1049283746501', 'Bright Smile Dental Group', null, null, '{}', 'connected', now() - interval '2 years', now()),
                 (${HEALTHGRADES_ACCOUNT}, ${ws}, 'healthgrades', 'listing', 'https://www.healthgrades.com/dentist/dr-anita-patel-bench', 'Dr. Anita Patel, DDS', null,
                  'https://www.healthgrades.com/dentist/dr-anita-patel-bench', '{}', 'listing', now() - interval '2 years', now()),
                 (${YELP_ACCOUNT}, ${ws}, 'yelp', 'listing', 'https://www.yelp.com/biz/bright-smile-dental-bench', 'Bright Smile Dental', null,
                  'https://www.yelp.com/biz/bright-smile-dental-bench', '{}', 'listing', now() - interval '2 years', now())`;
        // Polled, as far as the worker knows, until the end of time: it never calls Google or Yelp for the bench's accounts.
        await tx`
          insert into review_polls (account_id, location_id, newest, next_poll_at, polled_at, failures)
          select unnest(${ACCOUNTS}::uuid[]), '', null, 'infinity', now(), 0`;
        await tx`
          insert into business_locations (id, workspace_id, account_id, external_id, name, address, is_verified, categories, maps_uri, updated_at)
          select gen_random_uuid(), ${ws}, ${GOOGLE_ACCOUNT}, 'locations/' || (7300000000 + l), 'Bright Smile Dental ' || (${CITIES}::text[])[1 + l % 10] || ' #' || (l + 1),
                 (100 + l * 7) || ' Main Street, ' || (${CITIES}::text[])[1 + l % 10], l % 17 <> 0, array['Dentist', 'Cosmetic dentist'],
                 'https://maps.google.com/?cid=' || (90000000000 + l), now()
          from generate_series(0, ${locations} - 1) as l`;
        // Each review's chances drawn once (a materialized CTE), so that its response, date and read mark agree; an answered
        // review is read (as the projection marks it), and ~30 % of the others.
        // Locations: power(random(), 1.6) makes a few busy flagships (the first has ~4 % of the reviews) and a long tail.
        await tx`
          with drawn as materialized (
            select i, floor(${locations} * power(random(), 1.6))::int as l, random() as stars, random() as answered, random() as flag, random() as seen,
                   random() as age, random() as length, random() as long, random() as parking, random() as way,
                   floor(random() * 1000)::int as who
            from generate_series(0, ${reviews} - 1) as i
          ), placed as (
            select d.*, case when stars < 0.14 then 1 when stars < 0.20 then 2 when stars < 0.28 then 3 when stars < 0.43 then 4 else 5 end as rating,
                   now() - interval '730 days' * age as reviewed_at,
                   -- 15 % a star alone; most 1 to 7 sentences; 3 % a long story of 20 to 40.
                   case when length < 0.15 then 0 when long < 0.03 then 20 + floor(length * 20)::int else 1 + floor(power(length, 2) * 7)::int end as sentences
            from drawn d
          )
          insert into reviews (id, workspace_id, account_id, platform, location_id, external_id, reviewer_name, reviewer_avatar, rating, content, reviewed_at,
                               url, source, response_text, response_way, responded_at, flagged, flag_reason, read, received_at, updated_at)
          select gen_random_uuid(), ${ws}, ${GOOGLE_ACCOUNT}, 'google_business', 'locations/' || (7300000000 + p.l),
                 'accounts/1049283746501/locations/' || (7300000000 + p.l) || '/reviews/bench-' || p.i,
                 (${FIRST_NAMES}::text[])[1 + p.who % 20] || ' ' || chr(65 + (p.who / 20) % 26) || '.',
                 case when p.who % 3 = 0 then null else 'https://lh3.googleusercontent.com/a/bench-' || p.who end,
                 p.rating,
                 coalesce((select string_agg((${SENTENCES}::text[])[1 + floor(random() * ${SENTENCES.length})::int], ' ') from generate_series(1, p.sentences)), '') ||
                   case when p.parking < 0.04 then ' ' || (${PARKING}::text[])[1 + p.i % 3] else '' end,
                 p.reviewed_at, 'https://search.google.com/local/reviews?placeid=bench-' || p.l, 'platform',
                 case when p.answered < 0.6 then replace((${RESPONSES}::text[])[1 + p.i % 4], '{name}', (${FIRST_NAMES}::text[])[1 + p.who % 20]) end,
                 case when p.answered < 0.6 then case when p.way < 0.8 then 'posted' when p.way < 0.95 then 'found' else 'by_hand' end end,
                 case when p.answered < 0.6 then least(now(), p.reviewed_at + interval '3 days' * p.way) end,
                 p.flag < 0.05, case when p.flag < 0.05 then (array['Spam', 'Not a customer', 'Off-topic', 'Conflict of interest'])[1 + p.i % 4] end,
                 p.answered < 0.6 or p.seen < 0.3, p.reviewed_at + interval '15 minutes', least(now(), p.reviewed_at + interval '3 days' * p.way)
          from placed p`;
        // The listing sites: typed in or imported from a CSV file, no locations, some answered by hand.
        const others = await tx<{ n: number }[]>`
          insert into reviews (id, workspace_id, account_id, platform, location_id, external_id, reviewer_name, reviewer_avatar, rating, content, reviewed_at,
                               url, source, response_text, response_way, responded_at, flagged, flag_reason, read, received_at, updated_at)
          select gen_random_uuid(), ${ws}, site.account, site.platform, null, 'entry:' || md5(site.platform || i), (${FIRST_NAMES}::text[])[1 + i % 20] || ' ' || chr(65 + i % 26) || '.',
                 null, 1 + (i * 7) % 5, (${SENTENCES}::text[])[1 + i % ${SENTENCES.length}] || ' ' || (${SENTENCES}::text[])[1 + (i * 5) % ${SENTENCES.length}] ||
                   case when i % 30 = 0 then ' ' || (${PARKING}::text[])[1 + i % 3] else '' end,
                 now() - interval '730 days' * random(), null, case when i % 3 = 0 then 'imported' else 'entered' end,
                 case when i % 2 = 0 then 'Thank you for your feedback!' end, case when i % 2 = 0 then 'by_hand' end, case when i % 2 = 0 then now() - interval '1 day' end,
                 i % 25 = 0, case when i % 25 = 0 then 'Spam' end, i % 3 = 0, now(), now()
          from (values (${HEALTHGRADES_ACCOUNT}::uuid, 'healthgrades', 180), (${YELP_ACCOUNT}::uuid, 'yelp', 150)) as site(account, platform, count),
               generate_series(0, site.count - 1) as i
          returning 1 as n`;
        otherReviews = others.length;
        // The locations' figures as Google would give them (from the reviews).
        await tx`
          update business_locations bl set average_rating = round(s.average, 1), total_reviews = s.total
          from (select location_id, avg(rating) as average, count(*)::int as total from reviews where account_id = ${GOOGLE_ACCOUNT} group by location_id) s
          where bl.account_id = ${GOOGLE_ACCOUNT} and bl.external_id = s.location_id`;
      });
      // Autovacuum would have got there after 50,000 inserts: the planner's statistics and the visibility map as they would be.
      await sql`vacuum analyze reviews`;
      await sql`vacuum analyze business_locations`;
      await sql`analyze social_accounts`;
      const seedSeconds = (performance.now() - started) / 1000;

      const [busiest] = await sql<{ id: string; name: string; total_reviews: number }[]>`
        select id, name, total_reviews from business_locations where account_id = ${GOOGLE_ACCOUNT} order by total_reviews desc, name limit 1`;
      if (!busiest) throw new Error("no location seeded");
      const [search] = await sql<{ n: number }[]>`select count(*)::int as n from reviews where workspace_id = ${ws} and content ilike '%parking%'`;

      const get = async (path: string) => {
        const response = await fetch(`${options.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(15_000) });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
        const parsed = JSON.parse(body) as { items?: unknown[]; next?: string | null };
        return { body: (parsed.items ?? parsed) as unknown, next: parsed.next ?? null };
      };
      // The answers checked once: every seeded review counted, a full first page, the filters applied.
      const tiles = (await get("/api/reviews/summary")).body as { total: number; pending: number; averageRating: number; responseRate: number };
      if (tiles.total !== reviews + otherReviews) throw new Error(`GET /api/reviews/summary counted ${tiles.total} reviews, seeded ${reviews + otherReviews}`);
      const first = await get("/api/reviews");
      if ((first.body as unknown[]).length !== 50 || !first.next)
        throw new Error(`GET /api/reviews gave ${(first.body as unknown[]).length} reviews and no next page`);
      const place = (await get(`/api/reviews/summary?locationId=${busiest.id}`)).body as { total: number };
      if (place.total !== busiest.total_reviews)
        throw new Error(`GET /api/reviews/summary?locationId= counted ${place.total}, seeded ${busiest.total_reviews}`);
      if (((await get("/api/reviews?q=invisalign")).body as unknown[]).length !== 0)
        throw new Error("GET /api/reviews?q=invisalign found reviews; none has the word");
      const found = (await get("/api/reviews?q=parking")).body as Array<{ content: string }>;
      if (found.length === 0 || found.some((r) => !/parking/i.test(r.content)))
        throw new Error("GET /api/reviews?q=parking did not answer reviews mentioning parking");

      const targets = [
        { label: "GET /api/reviews/summary, the tiles of the workspace", path: "/api/reviews/summary" },
        { label: "GET /api/reviews, first page, no filter", path: "/api/reviews" },
        { label: "GET /api/reviews?status=pending", path: "/api/reviews?status=pending" },
        { label: "GET /api/reviews?platform=google_business&rating=1", path: "/api/reviews?platform=google_business&rating=1" },
        {
          label: `GET /api/reviews?locationId= (the busiest location, ${busiest.total_reviews.toLocaleString("en-US")} reviews)`,
          path: `/api/reviews?locationId=${busiest.id}`,
        },
        { label: "GET /api/reviews/summary?locationId= (the same location)", path: `/api/reviews/summary?locationId=${busiest.id}` },
        { label: `GET /api/reviews?q=parking (a search, in ${(search?.n ?? 0).toLocaleString("en-US")} reviews)`, path: "/api/reviews?q=parking" },
        // Not in the list: a search's worst case, a word no review has, so every review of the workspace is read.
        { label: "GET /api/reviews?q=invisalign (a search no review matches)", path: "/api/reviews?q=invisalign" },
      ];
      const figures: ReviewsFigure[] = [];
      for (const target of targets) figures.push({ label: target.label, ...(await latencyOf(() => get(target.path), samples)) });
      return {
        reviews,
        locations,
        otherReviews,
        seedSeconds,
        location: { name: busiest.name, reviews: busiest.total_reviews },
        searchMatches: search?.n ?? 0,
        figures,
      };
    } finally {
      await sql`delete from reviews where account_id = any(${ACCOUNTS}::uuid[])`;
      await sql`delete from business_locations where account_id = any(${ACCOUNTS}::uuid[])`;
      await sql`delete from review_polls where account_id = any(${ACCOUNTS}::uuid[])`;
      await sql`delete from social_accounts where id = any(${ACCOUNTS}::uuid[])`;
      await sql`update workspaces set subscription_tier = ${user.tier} where id = ${ws}`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
};
