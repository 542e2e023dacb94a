import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { type CommandContext, type ConcurrencyConflict, type Conflict, type Forbidden, type InvalidInput, type NotFound } from "../../domain/shared";
import { SqlError } from "../db/Database";
import { answerJsonOrForm } from "../web/api/form-post";
import { EdgeRequest } from "../web/api/guard";
import type { ApprovalLinksApi, ClientApprovalApi, ClientsApi, TeamApi } from "./api";
import { decideThroughLink } from "./client-approval";
import { addClient, clientWorkspaces, updateClient } from "./clients";
import { ApprovalLinks } from "./ApprovalLinks";
import { ApprovalSettings } from "./ApprovalSettings";
import { ClientAccess } from "./ClientAccess";
import { Members } from "./Members";
import { Team } from "./Team";
import { WhiteLabel } from "./WhiteLabel";
import { handOverWorkspace } from "./transfer-ownership";
import { dieOnSqlError, onService, withCaller } from "../web/api/handlers";

/** Runs an operation of the Team service as the guard's caller. */
const asCaller = onService(Team);

/** The team's operations (./api.ts) on the Team service. */
export const teamHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof TeamApi>) =>
  handlers
    .handle("members", () => asCaller((team, caller) => team.members(caller.workspaceId)))
    .handle("changeRole", ({ params, payload }) => withCaller((caller) => Members.use((members) => members.changeRole(caller, params.id, payload.role))))
    .handle("removeMember", ({ params }) => withCaller((caller) => Members.use((members) => members.remove(caller, params.id))))
    .handle("transferOwnership", ({ params }) =>
      withCaller((caller) => handOverWorkspace(caller, params.id)),
    )
    .handle("invites", () => asCaller((team, caller) => team.invites(caller.workspaceId, caller.now)))
    .handle("invite", ({ payload }) => withCaller((caller) => Members.use((members) => members.invite(caller, payload))))
    .handle("revokeInvite", ({ params }) => withCaller((caller) => Members.use((members) => members.revoke(caller, params.id))))
    .handle("resendInvite", ({ params }) => withCaller((caller) => Members.use((members) => members.resend(caller, params.id))))
    .handle("settings", () => asCaller((team, caller) => team.settings(caller.workspaceId)))
    .handle("setSettings", ({ payload }) => withCaller((caller) => ApprovalSettings.use((settings) => settings.setApprovalRequired(caller, payload.approvalRequired))));

export const approvalLinksHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ApprovalLinksApi>) =>
  handlers
    .handle("list", () => asCaller((team, caller) => team.links(caller.workspaceId, caller.now)))
    .handle("create", ({ payload }) => withCaller((caller) => ApprovalLinks.use((links) => links.createLink(caller, payload.postIds, payload.email))))
    .handle("revoke", ({ params }) => withCaller((caller) => ApprovalLinks.use((links) => links.revokeLink(caller, params.id))));

/** A client's decision: the link's token is the permission, the client acts under the name they give. */
export const clientApprovalHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ClientApprovalApi>) =>
  handlers.handle("decide", ({ params, payload }) =>
    dieOnSqlError(
      Effect.gen(function* () {
        const edge = yield* EdgeRequest;
        const ctx: CommandContext = { actor: { kind: "visitor" }, now: new Date(), correlationId: edge.correlationId, causationId: null };
        yield* decideThroughLink(
          params.token,
          payload.postId,
          { name: payload.name, approve: payload.decision === "approve", comment: payload.comment, publishNow: payload.publishNow },
          ctx,
        );
      }),
    ),
  );

/** An agency's clients, their access and its white label; a plain form is taken back to its screen with a toast. */
export const clientsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof ClientsApi>) => {
  const saveBrand = ({ payload }: { payload: { name: string; logoUrl: string | null; color: string } }) =>
    Effect.map(
      withCaller((caller) => WhiteLabel.use((whiteLabel) => whiteLabel.setBrand(caller, payload))),
      (brand) => answerJsonOrForm(payload, brand, { title: "White Label Saved", description: `Your clients now see ${brand.name} on their approval pages.` }),
    );
  const saveClient = ({ params, payload }: { params: { id: string }; payload: { name: string; logoUrl: string | null } }) =>
    Effect.map(
      withCaller((caller) => updateClient(caller, params.id, payload)),
      (client) => answerJsonOrForm(payload, client, { title: "Client Saved", description: `${client.name} is saved.` }),
    );
  return handlers
    .handle("brand", () => asCaller((team, caller) => team.brandOf(caller.workspaceId)))
    .handle("setBrand", saveBrand)
    .handle("saveBrand", saveBrand)
    .handle("list", () => withCaller((caller) => clientWorkspaces(caller.workspaceId)))
    .handle("add", ({ payload }) =>
      Effect.map(withCaller((caller) => addClient(caller, payload)), (client) =>
        answerJsonOrForm(payload, client, {
          title: "Client Added",
          description: `${client.name} has its own accounts, posts and calendar. Switch to it from the sidebar.`,
        }),
      ),
    )
    .handle("update", saveClient)
    .handle("save", saveClient)
    .handle("access", ({ params, payload }) =>
      Effect.as(
        withCaller((caller) =>
          ClientAccess.use((access): Effect.Effect<void, InvalidInput | Forbidden | Conflict | NotFound | ConcurrencyConflict | SqlError> =>
            payload.granted ? access.grantClientAccess(caller, params.id, payload.userId) : access.revokeClientAccess(caller, params.id, payload.userId),
          ),
        ),
        answerJsonOrForm(payload, undefined, null),
      ),
    )
    .handle("allAccess", ({ payload }) =>
      Effect.as(withCaller((caller) => ClientAccess.use((access) => access.setAllClientsAccess(caller, payload.userId, payload.granted))), answerJsonOrForm(payload, undefined, null)),
    );
};

