import { Effect } from "effect";
import type { RecordedEvent } from "../../domain/shared";
import { ROLE_LABELS, type TeamEvent } from "../../domain/team";
import { derivedToken } from "../auth/tokens";
import { config } from "../config";
import { Database } from "../db/Database";
import type { Reaction } from "../eventstore/reactions";
import { peopleOf, workspaceWithOwner } from "../identity/queries";
import { brandedHtml, PRODUCT_BRAND } from "../mail/branded";
import { queueMail } from "../mail/Mailer";
import { brandOf } from "./queries";
import { personName } from "./team-stream";

/**
 * The mails that carry a team link's one-time token: the invitation (and its resending) and a
 * client's approval link. The events hold only the token's hash; the token is derived from the
 * event's random id under the server's key (`derivedToken`, the same call the command made for that
 * hash), so these reactions compose the mail from the event alone, in the append's transaction.
 */

/** Which token of the invitation an event made: a new invitation's, or a resending's own. */
export const invitationToken = (event: { readonly inviteId: string; readonly resendId?: string }) =>
  event.resendId === undefined ? derivedToken("invite", event.inviteId) : derivedToken("invite-resend", event.resendId);

/** A client's approval link's token. */
export const approvalLinkToken = (linkId: string) => derivedToken("approval-link", linkId);

type Event<T extends TeamEvent["type"]> = RecordedEvent<Extract<TeamEvent, { type: T }>>;

/** The workspace of the event, with who acted and the time zone its dates are written in (theirs, else the owner's, as a command's caller has it). */
const contextOf = (event: RecordedEvent) =>
  Effect.gen(function* () {
    const workspace = event.metadata.workspaceId === null ? null : yield* workspaceWithOwner(event.metadata.workspaceId);
    if (!workspace) return yield* Effect.die(new Error(`the workspace of the team's ${event.type} is unknown`));
    const [actor] = event.metadata.actorId === null ? [] : yield* peopleOf([event.metadata.actorId]);
    return {
      workspace,
      actorName: actor ? personName(actor.firstName, actor.lastName, actor.email) : "Someone",
      timeZone: actor?.timeZone ?? workspace.ownerTimeZone,
    };
  });

/** The invitation e-mail: who, which workspace, which role, the link and until when it works. */
export const invitationMailReaction: Reaction = {
  name: "mail-team-invitation",
  handles: ["MemberInvited", "InviteResent"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as Event<"MemberInvited"> | Event<"InviteResent">;
      const { workspace, actorName, timeZone } = yield* contextOf(event);
      // A resending names neither the address nor the role: the invitation (projected just before) has them.
      const [invite] =
        event.type === "MemberInvited"
          ? [event.data]
          : yield* Database.use((db) =>
              db.query((sql) => sql<{ email: string; role: keyof typeof ROLE_LABELS }[]>`select email, role from team_invites where id = ${event.data.inviteId}`),
            );
      if (!invite) return yield* Effect.die(new Error(`invitation ${event.data.inviteId} resent but not found`));
      const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone }).format(new Date(event.data.expiresAt));
      yield* queueMail({
        to: invite.email,
        subject: `${actorName} invited you to ${workspace.name} on SocialDesk`,
        text: [
          "Hello,",
          "",
          `${actorName} invited you to join ${workspace.name} on SocialDesk as ${ROLE_LABELS[invite.role]}.`,
          "",
          `Accept the invitation: ${config().publicUrl}/invite/${invitationToken(event.data)}`,
          "",
          `The link works once, until ${until}. If you weren't expecting this invitation, you can ignore this e-mail.`,
        ].join("\n"),
      });
    }),
};

/** The approval link e-mailed to the client (when the team gave an address): from the agency's white label where it has one, else from the product. */
export const approvalLinkMailReaction: Reaction = {
  name: "mail-approval-link",
  handles: ["ApprovalLinkCreated"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as Event<"ApprovalLinkCreated">;
      const to = event.data.sentTo;
      if (!to) return;
      const { workspace, timeZone } = yield* contextOf(event);
      const brand = (yield* brandOf(workspace.id)) ?? PRODUCT_BRAND;
      const asker = brand === PRODUCT_BRAND ? workspace.name : brand.name;
      const posts = event.data.postIds.length;
      const url = `${config().publicUrl}/approve/${approvalLinkToken(event.data.linkId)}`;
      const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(new Date(event.data.expiresAt));
      const what = `${posts} ${posts === 1 ? "post awaits" : "posts await"} your approval`;
      const paragraphs = [
        "Hello,",
        `${asker} would like your approval before ${posts === 1 ? "this post goes" : "these posts go"} out. Open the link to see ${posts === 1 ? "it" : "them"} as ${posts === 1 ? "it" : "they"} will appear, then approve or ask for changes: no account needed.`,
        `The link works until ${until}.`,
      ];
      yield* queueMail({
        to,
        subject: `${asker}: ${what}`,
        text: [...paragraphs.flatMap((p) => [p, ""]), `Review the posts: ${url}`, "", brand.name].join("\n"),
        html: brandedHtml(brand, { title: what.charAt(0).toUpperCase() + what.slice(1), paragraphs, action: { label: "Review the posts", url } }),
        fromName: brand.name,
      });
    }),
};
