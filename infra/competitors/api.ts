import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { ConnectionFailedProblem } from "../accounts/api";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { idOf } from "../web/api/item-id";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload, zodQuery } from "../web/api/zod-payload";
import { competitorSchema, historySchema } from "./schemas";

const reads = { permission: "view_analytics", feature: "competitor_tracking" } as const;
const manages = { permission: "manage_posts", feature: "competitor_tracking" } as const;

/** A tracked competitor as the API answers it: `Competitor` of ./Competitors. */
export const CompetitorSchema = Schema.Struct({
  id: Schema.String,
  platform: Schema.String,
  handle: Schema.String,
  name: Schema.String,
  avatar: Schema.NullOr(Schema.String),
  url: Schema.String,
  followers: Schema.NullOr(Schema.Number).annotate({ description: "At the newest snapshot." }),
  lastSnapshotAt: Schema.NullOr(Schema.String),
  addedAt: Schema.String,
}).annotate({ identifier: "Competitor" });

export const CompetitorPostSchema = Schema.Struct({
  uri: Schema.String,
  url: Schema.String,
  text: Schema.String,
  likes: Schema.Number,
  reposts: Schema.Number,
  replies: Schema.Number,
  postedAt: Schema.String,
}).annotate({ identifier: "CompetitorPost" });

export const CompetitorHistorySchema = Schema.Struct({
  competitor: CompetitorSchema,
  days: Schema.Number,
  snapshots: Schema.Array(
    Schema.Struct({ day: Schema.String, followers: Schema.Number, postsPerWeek: Schema.Number, engagementPerPost: Schema.Number }).annotate({
      identifier: "CompetitorSnapshot",
    }),
  ),
  summary: Schema.Struct({
    followers: Schema.NullOr(Schema.Number),
    followersChange: Schema.NullOr(Schema.Number),
    postsPerWeek: Schema.NullOr(Schema.Number),
    engagementPerPost: Schema.NullOr(Schema.Number),
    topPosts: Schema.Array(CompetitorPostSchema),
  }),
}).annotate({ identifier: "CompetitorHistory" });

/** Competitor tracking's operations (public Bluesky, Mastodon and YouTube accounts, snapshotted daily), declared once; served by ./api-handlers.ts. Growth and Agency. */
export class CompetitorsApi extends HttpApiGroup.make("competitors")
  .add(
    HttpApiEndpoint.get("list", "/api/competitors", { success: Schema.Array(CompetitorSchema) })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The competitors the workspace tracks, oldest first, with their followers at the newest snapshot."),
    HttpApiEndpoint.post("add", "/api/competitors", {
      payload: zodPayload(competitorSchema, "NewCompetitor"),
      success: CompetitorSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, ConnectionFailedProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "Tracks a public account {platform: \"bluesky\", \"mastodon\" or \"youtube\" (with the server's key), handle (name.bsky.social, @name@server, @channel)}: 201 with it and its first snapshot; 400 for an unknown handle or another platform; 409 when already tracked or past 20.",
      ),
    HttpApiEndpoint.delete("remove", "/api/competitors/:id", {
      params: idOf("competitor"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Stops tracking the competitor and deletes its snapshots: 204."),
    HttpApiEndpoint.get("history", "/api/competitors/:id/history", {
      params: idOf("competitor"),
      query: zodQuery(historySchema),
      success: CompetitorHistorySchema,
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The daily snapshots of the last `days` (30 or 90, 30 if left out), oldest first, and the period's summary and top posts."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Competitor tracking") {}
