import type { HttpApiBuilder } from "effect/http-api";
import { onService } from "../web/api/handlers";
import type { PlatformAppsApi } from "./api";
import { PlatformApps } from "./PlatformApps";

const asCaller = onService(PlatformApps);

/** The platform apps operations (./api.ts) on the PlatformApps service. */
export const platformAppsHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof PlatformAppsApi>) =>
  handlers
    .handle("list", () => asCaller((apps) => apps.list()))
    .handle("configure", ({ params, payload }) =>
      asCaller((apps, caller) => {
        const { clientId, clientSecret, ...extras } = payload;
        return apps.configure(caller, params.platform, { clientId, clientSecret, extras });
      }),
    )
    .handle("clear", ({ params }) => asCaller((apps, caller) => apps.clear(caller, params.platform)))
    .handle("check", ({ params }) => asCaller((apps) => apps.check(params.platform)));
