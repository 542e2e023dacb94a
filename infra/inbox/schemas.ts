import { z } from "zod";
import { INBOX_MESSAGES, MESSAGE_STATUSES, MESSAGE_TYPES, PRIORITIES, SENTIMENTS, TEMPLATE_MESSAGES } from "../../domain/inbox";
import { isUuid } from "../../domain/shared";
import { acrossWorkspacesShape } from "../identity/schemas";

const blankIsNone = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankIsNone, z.enum(values, { error: message }).optional());

export const acrossWorkspacesSchema = z.object(acrossWorkspacesShape);

/** GET /api/social-inbox's query (beside the page's cursor and limit): the spec's type, status and platform, and the filters of the screens. */
export const inboxFilterSchema = z.object({
  type: oneOf(MESSAGE_TYPES, "Choose a type: dm, comment or mention."),
  status: oneOf(MESSAGE_STATUSES, "Choose a status: unread, read or replied."),
  platform: z.preprocess(blankIsNone, z.string().max(40).optional()),
  q: z.preprocess(blankIsNone, z.string().max(200, "Search for at most 200 characters.").optional()),
  assignee: z.preprocess(
    blankIsNone,
    z
      .string()
      .refine((v) => v === "none" || isUuid(v), "Choose someone of your team, or none.")
      .optional(),
  ),
  archived: z.preprocess(
    (v) => (v === "true" ? true : v === "false" || v === undefined || v === "" ? false : v),
    z.boolean({ error: "archived is true or false." }),
  ),
  sentiment: oneOf(SENTIMENTS, "Choose a sentiment: positive, neutral or negative."),
  priority: oneOf(PRIORITIES, "Choose a priority: urgent, high, medium or low."),
  ...acrossWorkspacesShape,
});

export const statusSchema = z.object({ status: z.enum(["read", "unread"], { error: INBOX_MESSAGES.statusInvalid }) });

export const messageChangeSchema = z.object({
  archived: z.boolean({ error: "archived is true or false." }).optional(),
  assigneeId: z.union([z.uuid({ error: "Choose someone of your team." }), z.null()]).optional(),
});

export const replySchema = z.object({
  content: z.string({ error: INBOX_MESSAGES.replyEmpty }).max(70_000, INBOX_MESSAGES.replyEmpty),
  isPublic: z.boolean({ error: "isPublic is true or false." }).optional(),
});

export const newMessageSchema = z.object({
  accountId: z.string({ error: "Choose the account to write from." }),
  to: z.string({ error: INBOX_MESSAGES.recipient }).max(100, INBOX_MESSAGES.recipient),
  content: z.string({ error: INBOX_MESSAGES.replyEmpty }).max(70_000, INBOX_MESSAGES.replyEmpty),
});

export const bulkSchema = z.object({
  ids: z
    .array(z.string(), { error: "Choose between 1 and 200 messages." })
    .min(1, "Choose between 1 and 200 messages.")
    .max(200, "Choose between 1 and 200 messages."),
  action: z.enum(["read", "unread", "archive", "unarchive", "assign"], { error: "Choose an action: read, unread, archive, unarchive or assign." }),
  assigneeId: z.union([z.uuid({ error: "Choose someone of your team." }), z.null()]).optional(),
});

export const templateSchema = z.object({
  title: z.string({ error: TEMPLATE_MESSAGES.title }),
  content: z.string({ error: TEMPLATE_MESSAGES.content }),
  category: z.string({ error: TEMPLATE_MESSAGES.category }),
});

/** Reading the inbox: anyone of a workspace whose plan has it. Acting on it: those who answer messages. */
export const READ_INBOX = { feature: "social_inbox" } as const;
export const ANSWER_INBOX = { feature: "social_inbox", permission: "answer_messages" } as const;
/** Reply templates serve the inbox's replies and reviews' responses: plans with either. */
export const READ_TEMPLATES = { feature: ["social_inbox", "review_management"] } as const;
export const WRITE_TEMPLATES = { feature: ["social_inbox", "review_management"], permission: "answer_messages" } as const;
