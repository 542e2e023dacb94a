import { z } from "zod";
import { LISTENING_MESSAGES } from "../../domain/listening";
import { INBOX_MESSAGES, SENTIMENTS } from "../../domain/inbox";

const terms = z.union(
  [z.array(z.string({ error: LISTENING_MESSAGES.terms }), { error: LISTENING_MESSAGES.terms }), z.string({ error: LISTENING_MESSAGES.terms })],
  {
    error: LISTENING_MESSAGES.terms,
  },
);

export const monitorSchema = z.object({ name: z.string({ error: LISTENING_MESSAGES.name }), terms });

export const monitorChangeSchema = z.object({
  name: z.string({ error: LISTENING_MESSAGES.name }).optional(),
  terms: terms.optional(),
  isActive: z.boolean({ error: "isActive is true or false." }).optional(),
});

export const listeningPostsSchema = z.object({
  sentiment: z.preprocess((v) => (v === "" ? undefined : v), z.enum(SENTIMENTS, { error: "Choose a sentiment: positive, neutral or negative." }).optional()),
});

export const volumeSchema = z.object({
  days: z.preprocess((v) => (v === undefined || v === "" ? 14 : Number(v)), z.number().int().min(1, "Choose 1 to 90 days.").max(90, "Choose 1 to 90 days.")),
});

export const toInboxSchema = z.object({ accountId: z.string({ error: "Choose one of your Bluesky accounts." }) });
export const listeningReplySchema = toInboxSchema.extend({
  content: z.string({ error: INBOX_MESSAGES.replyEmpty }).max(70_000, INBOX_MESSAGES.replyEmpty),
});
