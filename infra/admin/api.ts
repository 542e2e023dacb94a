import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api";
import { Audience, Guard, InvalidRequest, Requires } from "../web/api/guard";
import { NotFoundProblem } from "../web/api/problems";

const byName = { name: Schema.String.annotate({ description: "A projection's name, as the Projections page lists them." }) };

export const RebuiltSchema = Schema.Struct({
  projection: Schema.String,
  events: Schema.Number.annotate({ description: "The events replayed into it." }),
  milliseconds: Schema.Number,
}).annotate({ identifier: "ProjectionRebuilt" });

export const VerifiedSchema = Schema.Struct({
  projection: Schema.String,
  events: Schema.Number,
  differences: Schema.Array(
    Schema.Struct({
      projection: Schema.String,
      table: Schema.String,
      onlyLive: Schema.Number.annotate({ description: "Rows the live table has that a rebuild would not produce." }),
      onlyRebuilt: Schema.Number.annotate({ description: "Rows a rebuild produces that the live table lacks." }),
      examples: Schema.Array(Schema.Struct({ side: Schema.Literals(["live", "rebuilt"]), row: Schema.Unknown })),
    }),
  ),
}).annotate({ identifier: "ProjectionVerified" });

/** The app's operators' tools (`npm run admin:grant`): replaying the event log into a read model, or checking it against one. */
export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.post("rebuild", "/api/admin/projections/:name/rebuild", { params: byName, success: RebuiltSchema, error: NotFoundProblem })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only (404 to everyone else): replays the event log into the read model."),
    HttpApiEndpoint.post("verify", "/api/admin/projections/:name/verify", { params: byName, success: VerifiedSchema, error: NotFoundProblem })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only: rebuilds into scratch tables and lists the rows that differ from the live ones; changes nothing."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Operators") {}
