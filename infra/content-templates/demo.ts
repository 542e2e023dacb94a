import { Effect } from "effect";
import type { Caller } from "../../domain/shared";
import { ContentTemplates, readerOf } from "./ContentTemplates";

/** The demo workspace's templates: two shared with the team, one private to the demo user (demo mode only). */
const SAMPLES = [
  {
    name: "Check-up reminder",
    content: "Has it been six months already? Time for your check-up and cleaning. Book online or call the front desk.",
    platforms: ["facebook", "instagram"],
    hashtags: ["#dentalcare", "#smile", "#checkup"],
    isPublic: true,
  },
  {
    name: "Welcome, new patients",
    content: "New to the neighbourhood? We're welcoming new patients this month, with same-week appointments and a free whitening consult.",
    platforms: ["facebook", "instagram", "linkedin", "bluesky"],
    hashtags: ["#newpatients", "#familydentist", "#smile", "#whitening", "#community", "#dentist"],
    isPublic: true,
  },
  {
    name: "Holiday hours",
    content: "We're closed on the holiday and open again the next morning at 8. For a dental emergency, call our on-call line.",
    platforms: ["facebook", "google_business"],
    hashtags: [],
    isPublic: false,
  },
];

export const ensureDemoTemplates = Effect.fn("ContentTemplates.ensureDemo")(function* (caller: Caller) {
  const templates = yield* ContentTemplates;
  if ((yield* templates.list(readerOf(caller))).length > 0) return;
  for (const sample of SAMPLES) yield* templates.create(caller, sample);
});
