import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import type { Requirement } from "../../domain/access";
import { RESEARCH_PLATFORMS } from "../../domain/hashtags";
import { Guard, InvalidRequest, OnlyReads, Requires } from "../web/api/guard";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { hashtagGroupChangeSchema, hashtagGroupSchema, hashtagSearchSchema, trendingQuerySchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** Reading the research and the saved groups: anyone of a workspace whose plan has hashtag research. */
const reads: Requirement = { permission: "view_analytics", feature: "hashtag_research" };
/** Saving, changing and deleting groups: those who write posts. */
const manages: Requirement = { permission: "manage_posts", feature: "hashtag_research" };

const Trend = Schema.Struct({ last7: Schema.Number, previous7: Schema.Number });
const PublicTrend = Schema.Struct({ last7: Schema.Number, previous7: Schema.Number, atLeast: Schema.Boolean });

/** What every answer of the research is based on (`ResearchBasis` of ./Hashtags). */
const ResearchBasisSchema = Schema.Struct({
  posts: Schema.Number.annotate({ description: "The workspace's published posts of the window on the platform." }),
  windowDays: Schema.Number,
  platform: Schema.Literals(RESEARCH_PLATFORMS),
  bluesky: Schema.Literals(["counted", "not_configured", "unreachable"]),
  blueskyNote: Schema.NullOr(Schema.String).annotate({ description: "Why Bluesky's counts are missing, when they are." }),
}).annotate({ identifier: "ResearchBasis" });

/** A search result (spec engagement §3), each figure with what it is based on (`HashtagResult`). */
const HashtagResultSchema = Schema.Struct({
  tag: Schema.String,
  difficulty: Schema.NullOr(Schema.Number),
  difficultyLabel: Schema.NullOr(Schema.Literals(["Easy", "Medium", "Hard"])),
  competition: Schema.NullOr(Schema.Literals(["High", "Medium", "Low"])),
  volume: Schema.NullOr(Schema.Number).annotate({ description: "Public Bluesky posts with it in the last 7 days; null when not counted." }),
  volumeLabel: Schema.NullOr(Schema.String),
  engagement: Schema.NullOr(Schema.Number),
  uses: Schema.Number,
  trending: Schema.Boolean,
  trend: Schema.Struct({ yours: Trend, bluesky: Schema.NullOr(PublicTrend) }),
  related: Schema.Array(Schema.String),
  basedOn: Schema.Struct({
    volume: Schema.String,
    difficulty: Schema.String,
    engagement: Schema.String,
    trending: Schema.String,
    related: Schema.String,
  }),
}).annotate({ identifier: "HashtagResult" });

export const HashtagSearchSchema = Schema.Struct({ hashtags: Schema.Array(HashtagResultSchema), basedOn: ResearchBasisSchema }).annotate({
  identifier: "HashtagSearch",
});

const TrendingHashtagSchema = Schema.Struct({
  tag: Schema.String,
  last7: Schema.Number,
  previous7: Schema.Number,
  rise: Schema.NullOr(Schema.Number).annotate({ description: "Percent more than the 7 days before; null when it is new." }),
  engagement: Schema.Number,
  basedOn: Schema.String,
}).annotate({ identifier: "TrendingHashtag" });

export const TrendingSchema = Schema.Struct({ trending: Schema.Array(TrendingHashtagSchema), basedOn: ResearchBasisSchema }).annotate({
  identifier: "TrendingHashtags",
});

export const RecentSchema = Schema.Struct({
  recent: Schema.Array(Schema.Struct({ tag: Schema.String, lastUsedAt: Schema.String, uses: Schema.Number }).annotate({ identifier: "RecentHashtag" })),
  basedOn: ResearchBasisSchema,
}).annotate({ identifier: "RecentHashtags" });

export const HashtagGroupSchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  tags: Schema.Array(Schema.String),
  createdAt: Schema.String,
  updatedAt: Schema.String,
}).annotate({ identifier: "HashtagGroup" });

const groupErrors = [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem];

/**
 * Hashtag research and the saved hashtag groups (spec engagement §2, §9), declared once; served by
 * ./api-handlers.ts, called by the Hashtag Research screen and compose's Hashtag menu.
 */
export class HashtagsApi extends HttpApiGroup.make("hashtags")
  .add(
    HttpApiEndpoint.get("recent", "/api/hashtags/recent", { success: RecentSchema })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The hashtags of the workspace's latest published posts, most recently used first."),
    HttpApiEndpoint.get("trending", "/api/hashtags/trending", {
      query: zodPayload(trendingQuerySchema, "TrendingQuery"),
      success: TrendingSchema,
      error: InvalidInputProblem,
    })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The workspace's hashtags used more in the last 7 days than the 7 before (`platform`: all if left out)."),
    HttpApiEndpoint.post("search", "/api/hashtags/search", {
      payload: zodPayload(hashtagSearchSchema, "HashtagSearchRequest"),
      success: HashtagSearchSchema,
      error: InvalidInputProblem,
    })
      .annotate(Requires, reads)
      .annotate(OnlyReads, true)
      .annotate(
        OpenApi.Description,
        "Each hashtag matching the query with its difficulty, volume, engagement, trend and related hashtags, and what each figure is based on. A blank query answers 400.",
      ),
    HttpApiEndpoint.get("groups", "/api/hashtag-groups", { success: Schema.Array(HashtagGroupSchema) })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The saved hashtag groups, by name."),
    HttpApiEndpoint.post("saveGroup", "/api/hashtag-groups", {
      payload: zodPayload(hashtagGroupSchema, "NewHashtagGroup"),
      success: HashtagGroupSchema.pipe(HttpApiSchema.status(201)),
      error: groupErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "A new group (`tags`: a list, or one text with the hashtags apart by spaces or commas); 201 with it."),
    HttpApiEndpoint.put("changeGroup", "/api/hashtag-groups/:id", {
      params: idOf("hashtag group"),
      payload: zodPayload(hashtagGroupChangeSchema, "HashtagGroupChange"),
      success: HashtagGroupSchema,
      error: groupErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "The group renamed or given other hashtags."),
    HttpApiEndpoint.delete("removeGroup", "/api/hashtag-groups/:id", {
      params: idOf("hashtag group"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Deletes the group: 204."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Hashtags") {}
