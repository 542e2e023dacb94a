/** The part of s3rver (an S3-compatible server for tests; it ships no types) the tests and the bench use. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    /** 0: a port the system picks (`run` answers it). */
    port?: number;
    silent?: boolean;
    /** Where the buckets' objects are kept, as files. */
    directory?: string;
    configureBuckets?: ReadonlyArray<{ name: string; configs?: ReadonlyArray<string | Buffer> }>;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
