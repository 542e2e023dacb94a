import { Layer } from "effect";
import { supportEvents, supportProjection } from "../../domain/support";
import { defineModule, moduleApi } from "../module";
import { SupportAdminApi, SupportApi } from "./api";
import { supportAdminHandlers, supportHandlers } from "./api-handlers";
import { SupportLive } from "./live";
import { mailUnreadReplies, supportEmailMail, supportReplyMailJob } from "./mails";
import { Support } from "./Support";

/**
 * Live chat between a workspace and the operators of this server (Professional and up), and the
 * e-mail form for every plan (issue 33; README: Security › Live chat with the operators).
 */
export const supportModule = defineModule({
  name: "support",
  events: supportEvents,
  auditKinds: [{ id: "support", label: "Support" }],
  layer: Layer.mergeAll(Support.layer, SupportLive.layer),
  api: [moduleApi(SupportApi, supportHandlers), moduleApi(SupportAdminApi, supportAdminHandlers)],
  projections: [supportProjection],
  reactions: [supportEmailMail, supportReplyMailJob],
  tasks: {
    support_reply_mail: (payload) => mailUnreadReplies((payload as { workspaceId: string }).workspaceId),
  },
  auditSummaries: {
    SupportConversationStarted: () => "Started a conversation with support",
    SupportMessageSent: (d) => `Wrote to support${d.attachments.length > 0 ? ` with ${d.attachments.length} file(s)` : ""}`,
    SupportReplySent: () => "Support answered",
    SupportConversationRead: (d) => (d.side === "customer" ? "Read support's answer" : "Support read the conversation"),
    SupportEmailSent: (d) => `E-mailed support: ${d.subject}`,
  },
});
