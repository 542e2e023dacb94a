import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { Page, pageQuery } from "../web/api/page";
import { InvalidInputProblem, NotFoundProblem } from "../web/api/problems";
import { AUDIT_PAGE_SIZE } from "./AuditTrail";

/** One line of the audit trail: `AuditEntry` of ./AuditTrail. */
export const AuditEntrySchema = Schema.Struct({
  id: Schema.String,
  at: Schema.String,
  actorId: Schema.NullOr(Schema.String).annotate({ description: "The person, or null for SocialDesk itself (the scheduler, trials…)." }),
  actor: Schema.String,
  kind: Schema.String.annotate({ description: "The kind of change, one of the filter's kinds." }),
  type: Schema.String,
  summary: Schema.String,
}).annotate({ identifier: "AuditEntry" });

/** The filter of the trail and of its export: each field empty or left out is no filter. */
const filter = {
  person: Schema.optional(Schema.String).annotate({ description: "A person's id, or `system` for what SocialDesk did on its own." }),
  kind: Schema.optional(Schema.String).annotate({ description: "A kind of change (posts, reviews, team…)." }),
  from: Schema.optional(Schema.String).annotate({ description: "The first day, YYYY-MM-DD, in the caller's time zone." }),
  to: Schema.optional(Schema.String).annotate({ description: "The last day, YYYY-MM-DD." }),
  client: Schema.optional(Schema.String).annotate({ description: "One of the agency's clients: its trail instead of the agency's own." }),
};

const VIEW_AUDIT = { permission: "view_audit" } as const;

/** The audit trail (owners and admins): every change of the workspace in words, by whom and when. */
export class AuditApi extends HttpApiGroup.make("audit")
  .add(
    HttpApiEndpoint.get("page", "/api/audit", {
      query: { ...filter, ...pageQuery({ defaultLimit: AUDIT_PAGE_SIZE, maxLimit: 200 }) },
      success: Page(AuditEntrySchema, "AuditPage"),
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, VIEW_AUDIT)
      .annotate(OpenApi.Description, "The trail, newest first, a page at a time. Another agency's client answers 404."),
    HttpApiEndpoint.get("export", "/api/audit/export.csv", {
      query: filter,
      success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/csv" })),
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, VIEW_AUDIT)
      .annotate(OpenApi.Description, "Every line the filter keeps (at most 100,000), newest first, as a CSV download: time, person, kind, change."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Audit trail") {}
