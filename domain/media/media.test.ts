import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { MediaEvent, MediaUploadedData } from "./events";
import { deleteMedia, mediaDecider, tagMedia, uploadMedia } from "./media";
import { mediaProjection } from "./projection";
import { normalizeTags } from "./tags";
import { libraryIdOf } from "./urls";

const spec = DeciderSpecification(mediaDecider);

const upload: MediaUploadedData = {
  mediaId: "m1",
  workspaceId: "w1",
  originalName: "beach.jpg",
  fileType: "image/jpeg",
  kind: "image",
  fileSize: 123_456,
  width: 1200,
  height: 800,
  durationSeconds: null,
  storageKey: "w1/m1/original.jpg",
  thumbnailKey: "w1/m1/thumbnail.webp",
  tags: [],
};
const uploaded: MediaEvent[] = [{ type: "MediaUploaded", data: upload }];

describe("a media item", () => {
  it("when uploaded, records MediaUploaded with what the file is", () => spec.given([]).when(uploadMedia(upload)).then(uploaded));

  it("given an upload, when the same id is uploaded again, then it is a conflict", () =>
    spec.given(uploaded).when(uploadMedia(upload)).thenFails("Conflict", "This media file already exists."));

  it("given an upload, tagging records the normalised tags", () =>
    spec
      .given(uploaded)
      .when(tagMedia({ workspaceId: "w1", tags: [" #Summer  Sale ", "beach", "BEACH", ""] }))
      .then([{ type: "MediaTagged", data: { tags: ["Summer Sale", "beach"], originalName: "beach.jpg" } }]));

  it("given tags, setting the same tags again does nothing", () =>
    spec
      .given([...uploaded, { type: "MediaTagged", data: { tags: ["beach"], originalName: "beach.jpg" } }])
      .when(tagMedia({ workspaceId: "w1", tags: ["#beach"] }))
      .thenNothingHappens());

  it("given an upload, when tagged with 21 tags, then it is refused", () =>
    spec
      .given(uploaded)
      .when(tagMedia({ workspaceId: "w1", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }))
      .thenFails("InvalidInput", "A file can have up to 20 tags."));

  it("given an upload, when tagged with a tag over 40 characters, then it is refused", () =>
    spec
      .given(uploaded)
      .when(tagMedia({ workspaceId: "w1", tags: ["x".repeat(41)] }))
      .thenFails("InvalidInput", "A tag can be up to 40 characters."));

  it("given an upload, deleting records MediaDeleted with the files to remove", () =>
    spec
      .given(uploaded)
      .when(deleteMedia({ workspaceId: "w1" }))
      .then([{ type: "MediaDeleted", data: { originalName: "beach.jpg", storageKeys: ["w1/m1/original.jpg", "w1/m1/thumbnail.webp"] } }]));

  it("given another workspace's item, when tagged, then the media file is not found", () =>
    spec
      .given(uploaded)
      .when(tagMedia({ workspaceId: "w2", tags: ["x"] }))
      .thenFails("NotFound", "This media file does not exist, or was deleted."));

  it("given another workspace's item, when deleted, then the media file is not found", () =>
    spec
      .given(uploaded)
      .when(deleteMedia({ workspaceId: "w2" }))
      .thenFails("NotFound", "This media file does not exist, or was deleted."));

  const deleted: MediaEvent[] = [...uploaded, { type: "MediaDeleted", data: { originalName: "beach.jpg", storageKeys: [] } }];

  it("given a deleted item, when deleted again, then the media file is not found", () =>
    spec
      .given(deleted)
      .when(deleteMedia({ workspaceId: "w1" }))
      .thenFails("NotFound", "This media file does not exist, or was deleted."));

  it("given a deleted item, when tagged, then the media file is not found", () =>
    spec
      .given(deleted)
      .when(tagMedia({ workspaceId: "w1", tags: ["x"] }))
      .thenFails("NotFound", "This media file does not exist, or was deleted."));

  it("given no upload, when deleted, then the media file is not found", () =>
    spec
      .given([])
      .when(deleteMedia({ workspaceId: "w1" }))
      .thenFails("NotFound", "This media file does not exist, or was deleted."));
});

describe("the media projection", () => {
  const recorded = <E extends MediaEvent>(event: E, position: number, version: number) => ({
    ...event,
    globalPosition: position,
    streamId: "media-m1",
    streamVersion: version,
    metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c", causationId: null },
    createdAt: new Date("2026-05-01T10:00:00Z"),
  });

  it("inserts a row per upload, updates its tags and deletes it", () => {
    const [insert] = mediaProjection.project(recorded(uploaded[0], 42, 1));
    expect(insert).toMatchObject({
      table: "media_items",
      insert: { id: "m1", workspace_id: "w1", position: 42, kind: "image", tags: [], search_text: "beach.jpg", uploaded_by: "u1", version: 1 },
    });
    expect(mediaProjection.project(recorded({ type: "MediaTagged", data: { tags: ["a", "b c"], originalName: "beach.jpg" } }, 43, 2))).toEqual([
      { table: "media_items", update: { id: "m1" }, set: { tags: ["a", "b c"], search_text: "beach.jpg\na\nb c", version: 2 } },
    ]);
    expect(mediaProjection.project(recorded({ type: "MediaDeleted", data: { originalName: "x", storageKeys: [] } }, 44, 3))).toEqual([
      { table: "media_items", delete: { id: "m1" } },
    ]);
  });
});

describe("tags", () => {
  it("are trimmed, de-duplicated ignoring case, and lose a leading #", () => {
    expect(normalizeTags(["##launch", " Launch ", "new   product"])).toEqual({ ok: true, tags: ["launch", "new product"] });
  });
});

describe("a media reference", () => {
  const id = "0b5e1c52-6f0a-4c1e-9d57-3a2f4b7c8d90";
  it("names a library item by its id or its file's address, here or absolute; a file elsewhere names none", () => {
    expect(libraryIdOf(id)).toBe(id);
    expect(libraryIdOf(`/media/${id}/original.png`)).toBe(id);
    expect(libraryIdOf(`https://app.example/media/${id}/thumbnail.webp`)).toBe(id);
    expect(libraryIdOf("/media/not-an-id/original.png")).toBe("not-an-id");
    expect(libraryIdOf("https://cdn.example/media/photos/smile.jpg")).toBeNull();
    expect(libraryIdOf("https://cdn.example/smile.jpg")).toBeNull();
  });
});
