/**
 * Receives an upload: reads the multipart body as it streams in (see multipart.ts), writes each
 * file of the `files` field to a temporary file, and decides what it is from its first bytes
 * (`file-type`), never from its name or the browser's content type. A file that is not a kept
 * image or video, or is over the plan's limit, stops being written at once; the rest of it is only
 * counted, so the answer can say how large it was. Nothing here is kept: the caller moves the
 * files into storage, or removes them.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import {
  type AcceptedFormat,
  type AcceptKinds,
  cleanFileName,
  contentProblem,
  acceptedFormat,
  type MediaLimits,
  maxFileBytes,
  NO_FILES_MESSAGE,
  SNIFF_BYTES,
  sizeProblem,
  tooManyFilesMessage,
  UPLOAD_FRAMING_BYTES,
  UploadRejected,
  uploadTooLargeMessage,
} from "../../domain/media";
import type { Tier } from "../../domain/plans";
import { BodyTooLarge, boundedChunks } from "../web/request-body";
import { boundaryOf, MultipartError, type PartSink, readMultipart } from "./multipart";

export const FILES_FIELD = "files";

export interface ReceivedFile {
  readonly originalName: string;
  readonly tempPath: string;
  readonly size: number;
  readonly format: AcceptedFormat;
}

export interface IntakeOptions {
  readonly tier: Tier;
  readonly limits: MediaLimits;
  readonly accept: AcceptKinds;
  /** Where the temporary files go (on the storage's file system, so they can be moved). */
  readonly tempDir: string;
}

export interface UploadBody {
  readonly contentType: string | null;
  readonly contentLength: number | null;
  readonly body: AsyncIterable<Uint8Array> | null;
}


const rejected = (status: 400 | 413, code: string, message: string, problems: Array<{ file: string; message: string }> = []) =>
  new UploadRejected({ status, code, message, problems });

/** One file of the upload as it streams in. */
class IncomingFile implements PartSink {
  readonly originalName: string;
  size = 0;
  format: AcceptedFormat | null = null;
  problem: { kind: "content" | "size"; message: string } | null = null;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private handle: fs.FileHandle | null = null;
  private decided = false;

  constructor(
    rawName: string,
    readonly tempPath: string,
    private readonly options: IntakeOptions,
    private readonly onBytes: (n: number) => void,
  ) {
    this.originalName = cleanFileName(rawName);
  }

  readonly data = async (chunk: Uint8Array) => {
    this.size += chunk.byteLength;
    this.onBytes(chunk.byteLength);
    if (this.problem) return; // Counted, not kept.
    if (!this.decided) {
      this.head.push(chunk);
      this.headBytes += chunk.byteLength;
      if (this.headBytes < SNIFF_BYTES) return;
      await this.decide();
      if (this.problem) return;
      for (const part of this.head) await this.write(part);
      this.head = [];
      return;
    }
    if (this.size > maxFileBytes(this.options.limits, this.format!.kind)) {
      await this.refuse({ kind: "size", message: "" });
      return;
    }
    await this.write(chunk);
  };

  readonly end = async () => {
    if (!this.decided && !this.problem) {
      if (this.size === 0) this.problem = { kind: "content", message: `${this.originalName} is empty.` };
      else {
        await this.decide();
        if (!this.problem) for (const part of this.head) await this.write(part);
      }
      this.head = [];
    }
    if (this.problem?.kind === "size") {
      this.problem = { kind: "size", message: sizeProblem(this.originalName, this.format!.kind, this.size, this.options.tier)! };
    }
    await this.handle?.close();
    this.handle = null;
  };

  /** What the first bytes say the file is, and whether it may be kept. */
  private async decide() {
    this.decided = true;
    const head = Buffer.concat(this.head);
    const detected = await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES));
    const problem = contentProblem(this.originalName, detected, this.options.accept);
    if (problem) return this.refuse({ kind: "content", message: problem });
    this.format = acceptedFormat(detected);
    if (this.size > maxFileBytes(this.options.limits, this.format!.kind)) await this.refuse({ kind: "size", message: "" });
  }

  private async write(chunk: Uint8Array) {
    this.handle ??= await fs.open(this.tempPath, "wx");
    await this.handle.write(chunk);
  }

  private async refuse(problem: { kind: "content" | "size"; message: string }) {
    this.problem = problem;
    this.head = [];
    await this.discard();
  }

  /** Closes and removes the temporary file (if any). */
  async discard() {
    const handle = this.handle;
    this.handle = null;
    await handle?.close().catch(() => undefined);
    await fs.rm(this.tempPath, { force: true });
  }
}

/**
 * Files the server has in hand (a demo's samples, an import) checked like an upload: by their
 * bytes and the plan's limits. Written to temporary files; throws UploadRejected like receiveUpload.
 */
export const receiveFiles = async (
  files: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }>,
  options: IntakeOptions,
): Promise<ReadonlyArray<ReceivedFile>> => {
  if (files.length === 0) throw rejected(400, "no_files", NO_FILES_MESSAGE);
  await fs.mkdir(options.tempDir, { recursive: true });
  const incoming = files.map((file) => new IncomingFile(file.name, path.join(options.tempDir, `${randomUUID()}.part`), options, () => {}));
  try {
    for (const [i, file] of files.entries()) {
      await incoming[i].data(file.bytes);
      await incoming[i].end();
    }
  } catch (error) {
    await Promise.all(incoming.map((file) => file.discard()));
    throw error;
  }
  const problems = incoming.flatMap((file) => (file.problem ? [{ file: file.originalName, message: file.problem.message }] : []));
  if (problems.length > 0) {
    await Promise.all(incoming.map((file) => file.discard()));
    throw rejected(400, "invalid_file", problems.map((p) => p.message).join(" "), problems);
  }
  return incoming.map((file) => ({ originalName: file.originalName, tempPath: file.tempPath, size: file.size, format: file.format! }));
};

/** An accepted file's temporary copy, removed by the caller once stored (or refused). */
export const removeTemporaryFiles = (files: ReadonlyArray<{ readonly tempPath: string }>) =>
  Promise.all(files.map((file) => fs.rm(file.tempPath, { force: true })));

/** A file of an upload that is not kept, and why (a sentence naming it). */
export interface FileProblem {
  readonly file: string;
  readonly message: string;
}

/**
 * Reads an upload's files. Answers the accepted images and videos within the plan's limits, and
 * each other file with the reason it is not kept: one bad file does not cost the good ones. Throws
 * UploadRejected (having removed every temporary file) when no file is kept, or when the upload
 * itself is refused (not multipart, too large in all, too many files, broken off).
 */
export const receiveUpload = async (
  request: UploadBody,
  options: IntakeOptions,
): Promise<{ readonly files: ReadonlyArray<ReceivedFile>; readonly problems: ReadonlyArray<FileProblem> }> => {
  const boundary = boundaryOf(request.contentType);
  if (!boundary || !request.body) {
    throw rejected(400, "invalid_upload", `Send the files as multipart/form-data in the field "${FILES_FIELD}".`);
  }
  const { limits } = options;
  if (request.contentLength !== null && request.contentLength > limits.uploadBytes + UPLOAD_FRAMING_BYTES) {
    throw rejected(413, "upload_too_large", uploadTooLargeMessage(limits, request.contentLength));
  }
  await fs.mkdir(options.tempDir, { recursive: true });
  const files: IncomingFile[] = [];
  let fileBytes = 0;
  let overTotal = false;
  let extraFiles = 0;
  const ignored: PartSink = { data: () => {}, end: () => {} };
  try {
    // The whole body is counted (fields, parts past the last file, the epilogue), not only the files.
    await readMultipart(boundedChunks(request.body, limits.uploadBytes + UPLOAD_FRAMING_BYTES), boundary, (part) => {
      if ((part.name !== FILES_FIELD && part.name !== `${FILES_FIELD}[]`) || part.filename === null) return ignored;
      // A file input with nothing chosen sends a part with an empty name and no bytes.
      if (part.filename === "") return ignored;
      if (files.length >= limits.filesPerUpload) {
        extraFiles += 1;
        return ignored;
      }
      const file = new IncomingFile(part.filename, path.join(options.tempDir, `${randomUUID()}.part`), options, (n) => {
        fileBytes += n;
        if (fileBytes > limits.uploadBytes && !overTotal) {
          overTotal = true;
          throw rejected(413, "upload_too_large", uploadTooLargeMessage(limits, fileBytes));
        }
      });
      files.push(file);
      return file;
    });
  } catch (error) {
    await Promise.all(files.map((file) => file.discard()));
    if (error instanceof UploadRejected) throw error;
    if (error instanceof MultipartError) throw rejected(400, "invalid_upload", `The upload could not be read: ${error.message}`);
    if (error instanceof BodyTooLarge) throw rejected(413, "upload_too_large", uploadTooLargeMessage(limits));
    // A file system error (disk full, no permission) is ours; anything else is the body breaking off.
    if (typeof (error as NodeJS.ErrnoException)?.syscall === "string") throw error;
    throw rejected(400, "upload_interrupted", "The upload was interrupted before it was complete. Please try again.");
  }

  if (files.length === 0) throw rejected(400, "no_files", NO_FILES_MESSAGE);
  if (extraFiles > 0) {
    await Promise.all(files.map((file) => file.discard()));
    throw rejected(400, "too_many_files", tooManyFilesMessage(limits));
  }
  const problems = files.flatMap((file) => (file.problem ? [{ file: file.originalName, message: file.problem.message, kind: file.problem.kind }] : []));
  const accepted = files.filter((file) => !file.problem);
  if (accepted.length === 0) {
    const allSize = problems.every((p) => p.kind === "size");
    throw rejected(
      allSize ? 413 : 400,
      allSize ? "file_too_large" : "invalid_file",
      problems.map((p) => p.message).join(" "),
      problems.map(({ file, message }) => ({ file, message })),
    );
  }
  // A refused file's bytes were never kept (or were removed when it was refused); the others go on.
  return {
    files: accepted.map((file) => ({ originalName: file.originalName, tempPath: file.tempPath, size: file.size, format: file.format! })),
    problems: problems.map(({ file, message }) => ({ file, message })),
  };
};
