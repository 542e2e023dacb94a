import { beforeAll, describe, expect, it } from "vitest";
import { pollReviews } from "../../infra/reviews/poll";
import type { Browser } from "../support/browser";
import { samplePng } from "../support/openai";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Two workspaces: nothing one of them saves may name the other's media files or Business Profile
 * locations. Posts (create, edit, bulk), content templates and the link-in-bio page answer 404
 * naming the field, and save nothing; their own files and locations go through.
 */

const app = useAppServer();
const { owner, workspaceOf } = teamHelpers(app);

interface Workspace {
  readonly browser: Browser;
  readonly workspaceId: string;
  readonly facebook: string;
  readonly google: string;
  readonly media: { readonly id: string; readonly fileUrl: string };
  readonly location: string;
}

/** A workspace with a sandbox Facebook page, a sandbox Business Profile (its location read) and an image in its library. */
const workspace = async (): Promise<Workspace> => {
  const { browser, user } = await owner("growth");
  const facebook = (await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Lee Dental" })).data.id as string;
  const google = (await browser.post("/api/social-accounts/sandbox", { platform: "google_business", accountName: "Lee Dental" })).data.id as string;
  await app.run(pollReviews(new Date()));
  const [location] = (await browser.get("/api/business-locations")).data as Array<{ externalId: string }>;
  expect(location?.externalId).toMatch(/^locations\//);
  const form = new FormData();
  form.append("files", new File([(await samplePng()) as BlobPart], "smile.png", { type: "image/png" }));
  const uploaded = await browser.request("POST", "/api/media/upload", { body: form });
  expect(uploaded.status, uploaded.text).toBe(201);
  const media = uploaded.data.items[0] as { id: string; fileUrl: string };
  return { browser, workspaceId: await workspaceOf(user.id), facebook, google, media, location: location!.externalId };
};

let ours: Workspace;
let theirs: Workspace;
beforeAll(async () => {
  ours = await workspace();
  theirs = await workspace();
}, 120_000);

const postCount = async (workspaceId: string) =>
  Number((await app.sql<{ n: number }[]>`select count(*)::int as n from posts where workspace_id = ${workspaceId}`)[0]!.n);
const draft = (more: Record<string, unknown>) => ({ content: "Spring whitening offer", platforms: ["facebook"], status: "draft", ...more });

describe("a post", () => {
  it("given another workspace's media file, by id or address, when created, then 404 names media and nothing is saved", async () => {
    const before = await postCount(ours.workspaceId);
    for (const ref of [theirs.media.id, theirs.media.fileUrl, `https://socialdesk.example${theirs.media.fileUrl}`]) {
      const refused = await ours.browser.post("/api/posts", draft({ media: [ours.media.id, ref] }));
      expect(refused.status, ref).toBe(404);
      expect(refused.data).toMatchObject({
        code: "not_found",
        detail: "This media file does not exist, or was deleted.",
        errors: { media: "This media file does not exist, or was deleted." },
      });
    }
    const unknown = await ours.browser.post("/api/posts", draft({ media: [crypto.randomUUID()] }));
    expect(unknown.status).toBe(404);
    expect(await postCount(ours.workspaceId)).toBe(before);

    const own = await ours.browser.post("/api/posts", draft({ media: [ours.media.id, ours.media.fileUrl, "https://cdn.example/smile.jpg"] }));
    expect(own.status, own.text).toBe(201);
  });

  it("given another workspace's Business Profile location, when created, then 404 names locationIds and nothing is saved", async () => {
    const before = await postCount(ours.workspaceId);
    const business = (locationIds: string[]) => ({
      content: "Open house on Saturday",
      platforms: ["google_business"],
      accountIds: [ours.google],
      status: "draft",
      locationIds,
    });
    for (const id of [theirs.location, `accounts/1/${theirs.location}`, theirs.location.slice("locations/".length)]) {
      const refused = await ours.browser.post("/api/posts", business([ours.location, id]));
      expect(refused.status, id).toBe(404);
      expect(refused.data.errors).toEqual({ locationIds: "This Business Profile location does not exist, or was deleted." });
    }
    expect(await postCount(ours.workspaceId)).toBe(before);
    const own = await ours.browser.post("/api/posts", business([ours.location]));
    expect(own.status, own.text).toBe(201);
    expect(own.data.locationIds).toEqual([ours.location]);
  });

  it("given a saved post, when edited to name another workspace's media or location, then 404 and the post is unchanged; what it had stays", async () => {
    const created = await ours.browser.post("/api/posts", draft({ media: [ours.media.id] }));
    expect(created.status, created.text).toBe(201);
    const path = `/api/posts/${created.data.id}`;
    const foreignMedia = await ours.browser.put(path, draft({ content: "Changed", media: [theirs.media.id] }));
    expect(foreignMedia.status).toBe(404);
    expect(foreignMedia.data.errors).toEqual({ media: "This media file does not exist, or was deleted." });
    const foreignLocation = await ours.browser.put(path, draft({ content: "Changed", locationIds: [theirs.location] }));
    expect(foreignLocation.status).toBe(404);
    expect(foreignLocation.data.errors).toHaveProperty("locationIds");
    const unchanged = await ours.browser.get(path);
    expect(unchanged.data).toMatchObject({ content: "Spring whitening offer", media: [ours.media.id], locationIds: [] });

    const edited = await ours.browser.put(path, draft({ content: "Changed", media: [ours.media.id] }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data.content).toBe("Changed");
  });

  it("given a bulk upload, when a row names another workspace's media, then that row is refused and the others are scheduled", async () => {
    const before = await postCount(ours.workspaceId);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const answer = await ours.browser.post("/api/posts/bulk", {
      timeZone: "UTC",
      posts: [
        { content: "Row one", scheduledDate: day, scheduledTime: "09:00", platforms: ["facebook"], media: [ours.media.id] },
        { content: "Row two", scheduledDate: day, scheduledTime: "10:00", platforms: ["facebook"], media: [theirs.media.fileUrl] },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.successful.map((r: { row: number }) => r.row)).toEqual([1]);
    expect(answer.data.failed).toEqual([{ row: 2, message: "This media file does not exist, or was deleted." }]);
    expect(await postCount(ours.workspaceId)).toBe(before + 1);
  });
});

describe("a content template and the link-in-bio page", () => {
  it("given another workspace's media file, when saved, then 404 names the field and nothing changes", async () => {
    const refused = await ours.browser.post("/api/content-templates", { name: "Offer", content: "Whitening", mediaUrls: [theirs.media.fileUrl] });
    expect(refused.status).toBe(404);
    expect(refused.data.errors).toEqual({ mediaUrls: "This media file does not exist, or was deleted." });
    expect(await app.sql`select 1 from content_templates where workspace_id = ${ours.workspaceId}`).toHaveLength(0);
    const template = await ours.browser.post("/api/content-templates", { name: "Offer", content: "Whitening", mediaUrls: [ours.media.fileUrl] });
    expect(template.status, template.text).toBe(201);
    const edit = await ours.browser.put(`/api/content-templates/${template.data.id}`, { mediaUrls: [ours.media.fileUrl, theirs.media.id] });
    expect(edit.status).toBe(404);
    expect((await ours.browser.get(`/api/content-templates/${template.data.id}`)).data.mediaUrls).toEqual([ours.media.fileUrl]);

    const image = await ours.browser.put("/api/link-in-bio", { profileImage: theirs.media.fileUrl });
    expect(image.status).toBe(404);
    expect(image.data.errors).toEqual({ profileImage: "This media file does not exist, or was deleted." });
    const own = await ours.browser.put("/api/link-in-bio", { profileImage: ours.media.fileUrl });
    expect(own.status, own.text).toBe(200);
    expect(own.data.profileImage).toBe(ours.media.fileUrl);
  });
});
