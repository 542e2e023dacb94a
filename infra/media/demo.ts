/**
 * Sample media for the demo workspace (design: sample content appears only in demo mode): a few
 * images drawn here with sharp, stored and recorded like any upload, once.
 */
import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import sharp from "sharp";
import type { Tier } from "../../domain/plans";
import { Media } from "./Media";
import { type CommandContext, personActing } from "../../domain/shared";

const SAMPLES: ReadonlyArray<{ name: string; title: string; hue: number; width: number; height: number; tags: ReadonlyArray<string> }> = [
  { name: "spring-cleaning-special.jpg", title: "Spring Cleaning Special", hue: 195, width: 1200, height: 1200, tags: ["promotion", "spring"] },
  { name: "meet-dr-morgan.jpg", title: "Meet Dr. Morgan", hue: 25, width: 1080, height: 1350, tags: ["team"] },
  { name: "new-patient-welcome.jpg", title: "New Patients Welcome", hue: 145, width: 1600, height: 900, tags: ["announcement"] },
  { name: "brushing-tips.jpg", title: "3 Brushing Tips", hue: 265, width: 1080, height: 1080, tags: ["tips", "education"] },
  { name: "office-tour.jpg", title: "Our Main Street Office", hue: 330, width: 1600, height: 1000, tags: ["office"] },
  { name: "holiday-hours.jpg", title: "Holiday Hours", hue: 5, width: 1080, height: 1080, tags: ["announcement", "hours"] },
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A gradient card with a title: looks like a social post image, weighs a few dozen KB. */
export const sampleImage = (title: string, hue: number, width: number, height: number) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},65%,34%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.78}" cy="${height * 0.26}" r="${Math.min(width, height) * 0.14}" fill="rgba(255,255,255,0.35)"/>
    <text x="${width * 0.07}" y="${height * 0.86}" font-family="sans-serif" font-weight="700" font-size="${Math.round(Math.min(width, height) / 11)}" fill="#fff">${escapeXml(title)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
};

/** Stores the sample images in the workspace unless it has media already. */
export const ensureDemoMedia = Effect.fn("Media.ensureDemo")(function* (
  demo: { readonly userId: string; readonly workspaceId: string; readonly tier: Tier },
  now: Date,
) {
  const media = yield* Media;
  if ((yield* media.list(demo.workspaceId, { limit: 1 })).total > 0) return;
  const ctx: CommandContext = {
    actor: personActing(demo.userId),
    now,
    correlationId: `demo-${randomUUID()}`,
    causationId: null,
  };
  const files = yield* Effect.promise(() =>
    Promise.all(SAMPLES.map(async (sample) => ({ name: sample.name, bytes: await sampleImage(sample.title, sample.hue, sample.width, sample.height) }))),
  );
  const items = yield* media.importFiles(demo, files, ctx);
  for (const item of items) {
    const tags = SAMPLES.find((sample) => sample.name === item.originalName)?.tags ?? [];
    if (tags.length > 0) yield* media.setTags(demo.workspaceId, item.id, tags, ctx);
  }
});
