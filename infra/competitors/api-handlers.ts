import type { HttpApiBuilder } from "effect/http-api";
import { withCaller } from "../web/api/handlers";
import type { CompetitorsApi } from "./api";
import { Competitors } from "./Competitors";

/** Competitor tracking's operations (./api.ts) on the Competitors service. */
export const competitorsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof CompetitorsApi>) =>
  handlers
    .handle("list", () => withCaller((caller) => Competitors.use((competitors) => competitors.list(caller.workspaceId))))
    .handle("add", ({ payload }) => withCaller((caller) => Competitors.use((competitors) => competitors.add(caller, payload))))
    .handle("remove", ({ params }) => withCaller((caller) => Competitors.use((competitors) => competitors.remove(caller, params.id))))
    .handle("history", ({ params, query }) =>
      withCaller((caller) => Competitors.use((competitors) => competitors.history(caller.workspaceId, params.id, query.days, caller.now))),
    );
