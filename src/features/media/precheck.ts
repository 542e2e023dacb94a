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

/** The message that stops this upload before it starts, or null to send it. */
export const precheckUpload = (files: ReadonlyArray<PickedFile>, tier: Tier, limits: MediaLimits): string | null => {
  if (files.length === 0) return NO_FILES_MESSAGE;
  if (files.length > limits.filesPerUpload) return tooManyFilesMessage(limits);
  const problems = files.flatMap((file) => {
    const kind = file.type.startsWith("image/") ? "image" : file.type.startsWith("video/") ? "video" : null;
    const problem = kind ? sizeProblem(file.name, kind, file.size, tier) : null;
    return problem ? [problem] : [];
  });
  if (problems.length > 0) return problems.join(" ");
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return total > limits.uploadBytes ? uploadTooLargeMessage(limits, total) : null;
};

/** The plan's limits in a sentence, under the drop zone. */
export const limitsHint = (limits: MediaLimits, format: (bytes: number) => string) =>
  `Images up to ${format(limits.imageBytes)}, videos up to ${format(limits.videoBytes)}, ${limits.filesPerUpload} files at a time.`;
