/** The response time the plans' support promises: what the operators' console measures waits against. */
export const SUPPORT_TARGET_HOURS = 4;
export const SUPPORT_TARGET_MS = SUPPORT_TARGET_HOURS * 3_600_000;

export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_ATTACHMENTS_MAX = 5;

export const SUPPORT_MESSAGES = {
  content: "Write your message.",
  contentTooLong: `Keep your message under ${SUPPORT_MESSAGE_MAX.toLocaleString("en-US")} characters.`,
  subject: "Give your e-mail a subject.",
  subjectTooLong: `Keep the subject under ${SUPPORT_SUBJECT_MAX} characters.`,
  tooManyFiles: `Attach at most ${SUPPORT_ATTACHMENTS_MAX} files to a message.`,
  notInLibrary: "Attach files from your media library only.",
  /** A Starter or trial workspace asking for the chat (403). */
  planRefusal: (supportEmail: string) => `Live chat comes with Professional and up. Upgrade, or e-mail us at ${supportEmail}.`,
} as const;

/** How long a customer has waited against the promise: since when, and whether it is past. */
export const waitOf = (waitingSince: Date | null, now: Date) => ({
  waitingSince: waitingSince?.toISOString() ?? null,
  overdue: waitingSince !== null && now.getTime() - waitingSince.getTime() > SUPPORT_TARGET_MS,
});
