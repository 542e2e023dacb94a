import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("the media store's settings", () => {
  it("given no MEDIA_STORE, when read, then media stay on the disk and no S3 setting is needed", () => {
    expect(readConfig({}).MEDIA_STORE).toBe("disk");
  });

  it("given MEDIA_STORE=s3 without its bucket and key, when read, then the app refuses to start naming what is missing", () => {
    expect(() => readConfig({ MEDIA_STORE: "s3", S3_ACCESS_KEY_ID: "key" })).toThrow(
      "Invalid configuration: MEDIA_STORE=s3 keeps media in a bucket and needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for any service but AWS S3); not set: S3_BUCKET, S3_SECRET_ACCESS_KEY.",
    );
  });

  it("given MEDIA_STORE=s3 with its settings, when read, then the region defaults to us-east-1 and path style is read as a flag", () => {
    const settings = readConfig({ MEDIA_STORE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "true" });
    expect([settings.S3_REGION, settings.S3_FORCE_PATH_STYLE, settings.S3_ENDPOINT]).toEqual(["us-east-1", true, undefined]);
  });
});
