/**
 * Media gallery figures on the running app (issue 3: "media upload throughput and gallery listing
 * time for 10,000 items"):
 *
 *   upload: `images` JPEGs of about 200 KB through POST /api/media/upload, `perRequest` files per
 *   request and `inFlight` requests at once (files/s, MB/s, request latency); then one file per
 *   request; then large MP4 videos one at a time (the streaming intake's MB/s).
 *   listing: 10,000 rows seeded straight into the read model of the bench user's workspace, then
 *   GET /api/media's first page, a deep page (keyset cursor near the end), a search and the video
 *   filter, each timed `samples` times in a row (p50/p99).
 */
import { sqlClient } from "../infra/db/client";
import { encodeCursor } from "../infra/media/Media";
import { makeNoisyJpeg, makeVideo } from "../infra/media/fixtures";
import { percentile } from "./format";

export interface UploadFigure {
  readonly label: string;
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly filesPerSecond: number;
  readonly megabytesPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface ListingFigure {
  readonly label: string;
  readonly path: string;
  readonly items: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly samples: number;
}

export interface MediaFigures {
  readonly uploads: ReadonlyArray<UploadFigure>;
  readonly seeded: number;
  readonly seedSeconds: number;
  readonly listings: ReadonlyArray<ListingFigure>;
}

export interface MediaBenchOptions {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly email: string;
  readonly databaseUrl: string;
  readonly images?: number;
  readonly perRequest?: number;
  readonly inFlight?: number;
  readonly videos?: number;
  readonly videoMegabytes?: number;
  readonly items?: number;
  readonly samples?: number;
}

const MB = 1024 * 1024;

/** Runs `tasks` with at most `limit` at once, each timed. */
const timedPool = async (tasks: ReadonlyArray<() => Promise<void>>, limit: number) => {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      const started = performance.now();
      await task();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return { seconds: (performance.now() - started) / 1000, latencies };
};

export const measureMedia = async (options: MediaBenchOptions): Promise<MediaFigures> => {
  const { baseUrl, sessionCookie } = options;
  const images = options.images ?? 200;
  const perRequest = options.perRequest ?? 10;
  const inFlight = options.inFlight ?? 4;
  const videos = options.videos ?? 3;
  const videoMegabytes = options.videoMegabytes ?? 80;
  const items = options.items ?? 10_000;
  const samples = options.samples ?? 200;
  const headers = { cookie: sessionCookie, origin: baseUrl, accept: "application/json" };

  const upload = async (files: ReadonlyArray<{ name: string; bytes: Uint8Array; type: string }>) => {
    const form = new FormData();
    for (const file of files) form.append("files", new File([file.bytes as BlobPart], file.name, { type: file.type }));
    const response = await fetch(`${baseUrl}/api/media/upload`, { method: "POST", headers, body: form, signal: AbortSignal.timeout(120_000) });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST /api/media/upload answered ${response.status}: ${text.slice(0, 300)}`);
  };

  // Twenty distinct photos of about 200 KB (noise does not compress), reused under new names.
  const photos = await Promise.all(Array.from({ length: 20 }, () => makeNoisyJpeg(200 * 1024)));
  type BenchFile = { readonly name: string; readonly bytes: Uint8Array; readonly type: string };
  const files: BenchFile[] = Array.from({ length: images }, (_, i) => ({ name: `photo-${i}.jpg`, bytes: photos[i % photos.length], type: "image/jpeg" }));
  await upload(files.slice(0, 2)); // warm-up: first sharp call, first append

  const uploads: UploadFigure[] = [];
  const figure = (label: string, batch: ReadonlyArray<BenchFile>, run: { seconds: number; latencies: number[] }): UploadFigure => {
    const bytes = batch.reduce((sum, f) => sum + f.bytes.length, 0);
    return {
      label,
      files: batch.length,
      bytes,
      seconds: run.seconds,
      filesPerSecond: batch.length / run.seconds,
      megabytesPerSecond: bytes / MB / run.seconds,
      p50Ms: percentile(run.latencies, 50),
      p99Ms: percentile(run.latencies, 99),
    };
  };

  const batches: BenchFile[][] = [];
  for (let i = 0; i < files.length; i += perRequest) batches.push(files.slice(i, i + perRequest));
  uploads.push(
    figure(`upload, ${perRequest} images per request, ${inFlight} in flight`, files, await timedPool(batches.map((batch) => () => upload(batch)), inFlight)),
  );
  uploads.push(figure(`upload, 1 image per request, ${inFlight} in flight`, files, await timedPool(files.map((file) => () => upload([file])), inFlight)));

  if (videos > 0) {
    const video = makeVideo({ durationMs: 60_000, mediaBytes: videoMegabytes * MB });
    const clips: BenchFile[] = Array.from({ length: videos }, (_, i) => ({ name: `clip-${i}.mp4`, bytes: video, type: "video/mp4" }));
    uploads.push(figure(`upload, ${videoMegabytes} MB videos one at a time`, clips, await timedPool(clips.map((clip) => () => upload([clip])), 1)));
  }

  // Listing: 10,000 more rows in the bench user's workspace, straight into the read model.
  const sql = sqlClient(options.databaseUrl, { max: 2, onnotice: () => {} });
  let seedSeconds = 0;
  const listings: ListingFigure[] = [];
  try {
    const [user] = await sql<{ workspace_id: string; id: string }[]>`select id, workspace_id from users where email = ${options.email}`;
    if (!user) throw new Error(`no user ${options.email}`);
    const seedStart = performance.now();
    const base = 1_000_000_000;
    await sql`
      insert into media_items (id, workspace_id, position, original_name, file_type, kind, file_size, width, height,
                               duration_seconds, storage_key, thumbnail_key, tags, search_text, uploaded_by, uploaded_at, version)
      select gen_random_uuid(), ${user.workspace_id}, ${base} + i,
             case when i % 10 = 0 then 'clip-' || i || '.mp4' else 'seeded-photo-' || i || '.jpg' end,
             case when i % 10 = 0 then 'video/mp4' else 'image/jpeg' end,
             case when i % 10 = 0 then 'video' else 'image' end,
             200000 + i, 1600, 1000, case when i % 10 = 0 then 30 else null end,
             ${user.workspace_id} || '/seed-' || i || '/original.jpg', null,
             case when i % 7 = 0 then array['campaign', 'tag-' || (i % 50)] else '{}'::text[] end,
             (case when i % 10 = 0 then 'clip-' || i || '.mp4' else 'seeded-photo-' || i || '.jpg' end)
               || case when i % 7 = 0 then E'\ncampaign\ntag-' || (i % 50) else '' end,
             ${user.id}, now() - make_interval(secs => ${items} - i), 1
      from generate_series(1, ${items}) as i`;
    await sql`analyze media_items`;
    seedSeconds = (performance.now() - seedStart) / 1000;

    // A cursor 48 items before the oldest seeded row: the page a person reaches after ~200 "Load more".
    const deepCursor = encodeCursor(base + 49);
    const targets = [
      { label: "GET /api/media, first page (48)", path: "/api/media" },
      { label: "GET /api/media, deep page (keyset cursor at ~10,000)", path: `/api/media?cursor=${deepCursor}` },
      { label: "GET /api/media, 200 per page", path: "/api/media?limit=200" },
      { label: "GET /api/media?type=videos", path: "/api/media?type=videos" },
      { label: "GET /api/media?q=campaign (name or tag)", path: "/api/media?q=campaign" },
    ];
    for (const target of targets) {
      const get = async () => {
        const response = await fetch(`${baseUrl}${target.path}`, { headers, signal: AbortSignal.timeout(15_000) });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}: ${body.slice(0, 200)}`);
        return JSON.parse(body) as { items: unknown[]; total: number };
      };
      for (let i = 0; i < 20; i++) await get();
      const latencies: number[] = [];
      let count = 0;
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        count = (await get()).items.length;
        latencies.push(performance.now() - started);
      }
      listings.push({ label: target.label, path: target.path, items: count, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), samples });
    }
    // The seeded rows have no files: take them out again so nothing else meets them.
    await sql`delete from media_items where position > ${base}`;
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { uploads, seeded: items, seedSeconds, listings };
};
