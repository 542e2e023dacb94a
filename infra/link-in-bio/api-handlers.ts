import { Effect } from "effect";
import { HttpApiBuilder } from "effect/http-api";
import type { BioAnalytics, BioPage } from "../../domain/link-in-bio";
import type { AllDeclared, Undeclared } from "../web/api/declared";
import { onService } from "../web/api/handlers";
import type { BioAnalyticsSchema, BioPageSchema, LinkInBioApi } from "./api";
import { LinkInBio } from "./LinkInBio";

const asCaller = onService(LinkInBio);

/** The link-in-bio operations (./api.ts) on the LinkInBio service. */
export const linkInBioHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof LinkInBioApi>) =>
  handlers
    .handle("page", () => asCaller((bio, caller) => bio.page(caller.workspaceId)))
    .handle("edit", ({ payload }) => asCaller((bio, caller) => bio.edit(caller, payload)))
    .handle("analytics", ({ query }) => asCaller((bio, caller) => bio.analytics(caller.workspaceId, query.period, caller.now)))
    .handle("addLink", ({ payload }) => asCaller((bio, caller) => bio.addLink(caller, payload)))
    .handle("editLink", ({ params, payload }) => asCaller((bio, caller) => bio.editLink(caller, params.id, payload)))
    .handle("deleteLink", ({ params }) => asCaller((bio, caller) => bio.deleteLink(caller, params.id)))
    .handle("restoreLink", ({ params }) => asCaller((bio, caller) => bio.restoreLink(caller, params.id)));

// Every field the service answers is declared (the encoder would drop the others).
export type Declared = AllDeclared<Undeclared<typeof BioPageSchema.Type, BioPage> | Undeclared<typeof BioAnalyticsSchema.Type, BioAnalytics>>;
