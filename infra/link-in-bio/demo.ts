import { Effect } from "effect";
import type { BioLinkFields } from "../../domain/link-in-bio";
import type { Caller } from "../../domain/shared";
import { Database } from "../db/Database";
import { LinkInBio } from "./LinkInBio";

export const DEMO_BIO_USERNAME = "socialdesk-demo";

const DEMO_LINKS: ReadonlyArray<BioLinkFields> = [
  { title: "Book an appointment", url: "https://example.com/book", type: "link", isVisible: true },
  { title: "New patient forms", url: "https://example.com/forms", type: "product", isVisible: true },
  { title: "Free whitening event: May 14", url: "https://example.com/event", type: "event", isVisible: true },
  { title: "E-mail the front desk", url: "mailto:frontdesk@example.com", type: "email", isVisible: true },
  { title: "Call us", url: "tel:+15550100000", type: "phone", isVisible: true },
  { title: "Last year's open day", url: "https://example.com/open-day", type: "video", isVisible: false },
];

/** Clicks per day over the last 30 days, shaped like a small practice's page (sample data of the demo only). */
const clicksOn = (day: number, link: number) => Math.max(0, Math.round((6 - link) * (1.2 + Math.sin(day / 3 + link)) + (day % 7 === 5 ? 4 : 0)));

/** The demo workspace's link-in-bio page: published, six links (one hidden), and a month of sample clicks. Made once. */
export const ensureDemoBioPage = Effect.fn("Demo.ensureBioPage")(function* (caller: Caller) {
  const bio = yield* LinkInBio;
  if ((yield* bio.page(caller.workspaceId)).username !== null) return;
  const links = [];
  for (const link of DEMO_LINKS) links.push(yield* bio.addLink(caller, link));
  yield* bio.edit(caller, {
    username: DEMO_BIO_USERNAME,
    bio: "Gentle, modern dentistry for the whole family. Book online in two minutes.",
    theme: "gradient-blue",
    socialLinks: [
      { platform: "instagram", url: "https://instagram.com/example", isVisible: true },
      { platform: "facebook", url: "https://facebook.com/example", isVisible: true },
      { platform: "youtube", url: "https://youtube.com/@example", isVisible: false },
    ],
    isPublished: true,
  });
  const now = caller.now.getTime();
  const rows = links.flatMap((link, l) =>
    Array.from({ length: 30 }, (_, day) =>
      Array.from({ length: clicksOn(day, l) }, (_, n) => ({
        workspace_id: caller.workspaceId,
        link_id: link.id,
        clicked_at: new Date(now - day * 86_400_000 - n * 7 * 60_000),
        // A sample visitor of that day: a few come back for a second link.
        visitor: Buffer.from(`demo-${day}-${n % (4 + l)}`.padEnd(32, "-")),
      })),
    ).flat(),
  );
  const db = yield* Database;
  if (rows.length > 0) yield* db.query((sql) => sql`insert into bio_clicks ${sql(rows)}`);
});
