// The part of s3rver's API the tests use (the package ships no types).
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export interface S3rverOptions {
    readonly address?: string;
    /** 0: a port the system picks. */
    readonly port?: number;
    /** Where the buckets' objects are kept on disk. */
    readonly directory: string;
    readonly silent?: boolean;
    readonly resetOnClose?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
