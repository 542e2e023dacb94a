import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { BIO_LINK_TYPES, BIO_PERIODS, BIO_SOCIAL_PLATFORMS, BIO_THEMES } from "../../domain/link-in-bio/rules";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { addBioLinkSchema, bioAnalyticsQuery, editBioLinkSchema, editBioPageSchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** Everyone of the workspace reads its page; people who may post change it. */
const manages = { permission: "manage_posts" } as const;

export const BioLinkSchema = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  url: Schema.String.annotate({ description: "The address it opens: http, https, mailto or tel." }),
  type: Schema.Literals(BIO_LINK_TYPES),
  isVisible: Schema.Boolean,
  clicks: Schema.Number.annotate({ description: "Every click counted through /bio/{username}/go/{id}." }),
  order: Schema.Number.annotate({ description: "Its 0-based place on the page." }),
}).annotate({ identifier: "BioLink" });

/** The workspace's page (`BioPage` of domain/link-in-bio): before the first save, what it would be. */
export const BioPageSchema = Schema.Struct({
  username: Schema.NullOr(Schema.String).annotate({ description: "null until one is chosen; `suggestedUsername` is free when read." }),
  suggestedUsername: Schema.String,
  title: Schema.String,
  bio: Schema.String,
  profileImage: Schema.NullOr(Schema.String),
  theme: Schema.Literals(BIO_THEMES),
  isPublished: Schema.Boolean,
  socialLinks: Schema.Array(Schema.Struct({ platform: Schema.Literals(BIO_SOCIAL_PLATFORMS), url: Schema.String, isVisible: Schema.Boolean })),
  links: Schema.Array(BioLinkSchema),
  publicUrl: Schema.NullOr(Schema.String).annotate({ description: "The public address, null without a username." }),
}).annotate({ identifier: "BioPage" });

export const BioAnalyticsSchema = Schema.Struct({
  period: Schema.Literals(BIO_PERIODS),
  totalClicks: Schema.Number,
  uniqueVisitors: Schema.Number.annotate({ description: "Each day's distinct visitors, summed (a visitor is recognised within a day only)." }),
  topLinks: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String, clicks: Schema.Number })),
  clicksPerDay: Schema.Array(Schema.Struct({ date: Schema.String, clicks: Schema.Number, uniqueVisitors: Schema.Number })),
}).annotate({ identifier: "BioAnalytics" });

const writeErrors = [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem];

/**
 * The workspace's link-in-bio page, its links and their clicks (spec engagement §2), declared once;
 * served by ./api-handlers.ts, called by the Link in Bio editor. The public page (/bio/{username})
 * is a page of its own, not an API call.
 */
export class LinkInBioApi extends HttpApiGroup.make("linkInBio")
  .add(
    HttpApiEndpoint.get("page", "/api/link-in-bio", { success: BioPageSchema }).annotate(
      OpenApi.Description,
      "The workspace's page with its links (in order, with their clicks) and social links.",
    ),
    HttpApiEndpoint.put("edit", "/api/link-in-bio", {
      payload: zodPayload(editBioPageSchema, "BioPageChange"),
      success: BioPageSchema,
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Any of username, title, bio, profileImage, theme, isPublished, socialLinks: the page after. A username another page has: 409."),
    HttpApiEndpoint.get("analytics", "/api/link-in-bio/analytics", {
      query: zodPayload(bioAnalyticsQuery, "BioAnalyticsQuery"),
      success: BioAnalyticsSchema,
      error: InvalidInputProblem,
    }).annotate(OpenApi.Description, "Total clicks, unique visitors, the top links and clicks per day (UTC days) of the period (7d, 30d or 90d; 30d if left out)."),
    HttpApiEndpoint.post("addLink", "/api/link-in-bio/links", {
      payload: zodPayload(addBioLinkSchema, "NewBioLink"),
      success: BioLinkSchema.pipe(HttpApiSchema.status(201)),
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "A link at the end of the page: 201 with it."),
    HttpApiEndpoint.put("editLink", "/api/link-in-bio/links/:id", {
      params: idOf("link"),
      payload: zodPayload(editBioLinkSchema, "BioLinkChange"),
      success: BioLinkSchema,
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Any of title, url, type, isVisible and `order` (its 0-based place): the link after."),
    HttpApiEndpoint.delete("deleteLink", "/api/link-in-bio/links/:id", {
      params: idOf("link"),
      success: HttpApiSchema.NoContent,
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "The link is gone: 204 (restore undoes it)."),
    HttpApiEndpoint.post("restoreLink", "/api/link-in-bio/links/:id/restore", {
      params: idOf("link"),
      success: BioLinkSchema,
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "A deleted link back at the end of the page, with its clicks (the Undo of a delete)."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Link in bio") {}
