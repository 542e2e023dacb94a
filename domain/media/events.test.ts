import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { type MediaEvent, mediaEvents, MEDIA_EVENT_TYPES } from "./events";

const decoder = eventDecoder([mediaEvents]);
const envelope = {
  streamId: "media-m1",
  metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c1", causationId: null },
};

/** One realistic sample of each media event's data (the compiler asks for every type). */
const samples: { readonly [E in MediaEvent as E["type"]]: E["data"] } = {
  MediaUploaded: {
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
    tags: ["Summer Sale"],
  },
  MediaTagged: { tags: ["Summer Sale", "beach"], originalName: "beach.jpg" },
  MediaDeleted: { originalName: "beach.jpg", storageKeys: ["w1/m1/original.jpg", "w1/m1/thumbnail.webp"] },
};

describe("the media events, decoded", () => {
  it("the catalogue declares every media event type", () => {
    expect([...eventTypesOf(mediaEvents)].sort()).toEqual(Object.keys(samples).sort());
    expect([...MEDIA_EVENT_TYPES].sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))("given a %s, when read, then every key of its data is kept", (type, data) => {
    expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });

  it("given a video upload, when read, then its duration and missing thumbnail are kept", () => {
    const data = {
      ...samples.MediaUploaded,
      originalName: "clip.mov",
      fileType: "video/quicktime",
      kind: "video",
      width: 1920,
      height: 1080,
      durationSeconds: 12.5,
      storageKey: "w1/m1/original.mov",
      thumbnailKey: null,
    };
    expect(decoder.decode("MediaUploaded", 1, data, envelope)).toStrictEqual(data);
  });

  it("given a kind that is neither image nor video, when read, then it fails loudly with the type", () => {
    expect(() => decoder.decode("MediaUploaded", 1, { ...samples.MediaUploaded, kind: "audio" }, envelope)).toThrow(/MediaUploaded/);
  });
});
