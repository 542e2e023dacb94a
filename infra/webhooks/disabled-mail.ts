import { Effect } from "effect";
import type { RecordedEvent } from "../../domain/shared";
import { endpointIdOfStream, type WebhookEndpointEvent } from "../../domain/webhooks";
import { config } from "../config";
import { Database } from "../db/Database";
import type { Reaction } from "../eventstore/reactions";
import { ownerAlertsOf } from "../identity/queries";
import { queueMail } from "../mail/Mailer";

/**
 * An endpoint the system disabled after 3 days of failed deliveries is e-mailed to the workspace's
 * owner (always: events stop reaching their integration until someone acts). One disabled by hand
 * is not: the person who did it knows.
 */
export const endpointDisabledMail: Reaction = {
  name: "webhook-endpoint-disabled-mail",
  handles: ["WebhookEndpointDisabled"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as RecordedEvent<Extract<WebhookEndpointEvent, { type: "WebhookEndpointDisabled" }>>;
      const workspaceId = event.metadata.workspaceId;
      if (event.data.failingSince === null || !workspaceId) return;
      const owner = yield* ownerAlertsOf(workspaceId);
      if (!owner) return;
      const db = yield* Database;
      const [endpoint] = yield* db.query(
        (sql) => sql<{ url: string }[]>`select url from webhook_endpoints where id = ${endpointIdOfStream(event.streamId)}`,
      );
      if (!endpoint) return;
      const since = new Date(event.data.failingSince).toUTCString();
      yield* queueMail({
        to: owner.email,
        subject: "A webhook endpoint was disabled",
        text: [
          `Hello ${owner.firstName},`,
          "",
          `SocialDesk stopped sending events to ${endpoint.url}: every delivery to it has failed since ${since}.`,
          "",
          "Check that the address answers with a 2xx status, then enable the endpoint again in Settings > Webhooks.",
          "Deliveries that failed meanwhile can be sent again from there (Redeliver).",
          "",
          new URL("/app/settings?tab=webhooks", config().publicUrl).href,
        ].join("\n"),
      });
    }),
};
