/**
 * The gallery's checks before sending an upload, from the same plan limits the server applies
 * (the server decides in the end, from the files' bytes): a file too large for the plan is
 * refused at once instead of after minutes of uploading.
 */
import { NO_FILES_MESSAGE } from "../../../domain/media/content";
import { type MediaLimits, sizeProblem, tooManyFilesMessage, uploadTooLargeMessage } from "../../../domain/media/limits";
import type { Tier } from "../../../domain/plans/catalogue";

export interface PickedFile {
  readonly name: string;
  readonly size: number;
  /** The browser's guess from the name: a hint only. */
  readonly type: string;
}

export interface PrecheckedUpload {
  /** Why nothing is sent (no file, too many, too large in all), or null. */
  readonly stop: string | null;
  /** The files to send. */
  readonly send: ReadonlyArray<PickedFile>;
  /** Each file left out, with the sentence naming it (too large for the plan). */
  readonly problems: ReadonlyArray<{ readonly file: string; readonly message: string }>;
}

/** What to send of the chosen files: a file too large for the plan is left out, the others go; nothing when the upload itself is refused. */
export const precheckUpload = <F extends PickedFile>(files: ReadonlyArray<F>, tier: Tier, limits: MediaLimits): PrecheckedUpload & { readonly send: ReadonlyArray<F> } => {
  const stop = (message: string) => ({ stop: message, send: [], problems: [] });
  if (files.length === 0) return stop(NO_FILES_MESSAGE);
  if (files.length > limits.filesPerUpload) return stop(tooManyFilesMessage(limits));
  const checked = files.map((file) => {
    const kind = file.type.startsWith("image/") ? "image" : file.type.startsWith("video/") ? "video" : null;
    return { file, problem: kind ? sizeProblem(file.name, kind, file.size, tier) : null };
  });
  const send = checked.flatMap(({ file, problem }) => (problem ? [] : [file]));
  const problems = checked.flatMap(({ file, problem }) => (problem ? [{ file: file.name, message: problem }] : []));
  if (send.length === 0) return stop(problems.map((p) => p.message).join(" "));
  const total = send.reduce((sum, file) => sum + file.size, 0);
  return total > limits.uploadBytes ? stop(uploadTooLargeMessage(limits, total)) : { stop: null, send, problems };
};

/** The plan's limits in a sentence, under the drop zone. */
export const limitsHint = (limits: MediaLimits, format: (bytes: number) => string) =>
  `Images up to ${format(limits.imageBytes)}, videos up to ${format(limits.videoBytes)}, ${limits.filesPerUpload} files at a time.`;
