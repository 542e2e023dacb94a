import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's own account: any other key is refused, as a real service would. */
const ACCESS_KEY = "S3RVER";

export interface RunningS3 {
  readonly endpoint: string;
  readonly bucket: string;
  /** The app's settings for this server and bucket (`MEDIA_STORE=s3` and the S3_ variables). */
  readonly env: Record<string, string>;
  /** A client of the server, for a test to look at the bucket itself. */
  readonly client: S3Client;
  /** The keys of the bucket (or of another one of the server), sorted. */
  readonly keys: (inBucket?: string) => Promise<string[]>;
  /** An object's bytes, or null when it is not there. */
  readonly bytesOf: (key: string, inBucket?: string) => Promise<Uint8Array | null>;
  readonly close: () => Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a folder) on a port the system picks,
 * with an empty bucket the test creates through the API, as an operator would.
 */
export const startS3Server = async (bucket = "socialdesk-media"): Promise<RunningS3> => {
  const directory = mkdtempSync(path.join(tmpdir(), "socialdesk-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    MEDIA_STORE: "s3",
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
  };
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    env,
    client,
    keys: async (inBucket = bucket) => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: inBucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    bytesOf: async (key, inBucket = bucket) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: inBucket, Key: key }));
        return await object.Body!.transformToByteArray();
      } catch (error) {
        if ((error as Error).name === "NoSuchKey") return null;
        throw error;
      }
    },
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
