import { z } from "zod";
import { SUPPORT_ATTACHMENTS_MAX, SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES, SUPPORT_SUBJECT_MAX } from "../../domain/support";

const content = z
  .string({ error: SUPPORT_MESSAGES.content })
  .trim()
  .min(1, SUPPORT_MESSAGES.content)
  .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.contentTooLong);

/** A customer's chat message: its text and files of the workspace's media library. */
export const supportMessageSchema = z.object({
  content,
  mediaIds: z.array(z.string(), { error: "Give the files as a list of media library ids." }).max(SUPPORT_ATTACHMENTS_MAX, SUPPORT_MESSAGES.tooManyFiles).optional(),
});

/** An operator's reply. */
export const supportReplySchema = z.object({ content });

/** The e-mail form (every plan). */
export const supportEmailSchema = z.object({
  subject: z.string({ error: SUPPORT_MESSAGES.subject }).trim().min(1, SUPPORT_MESSAGES.subject).max(SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGES.subjectTooLong),
  content,
});
