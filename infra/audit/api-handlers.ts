import { Effect } from "effect";
import { HttpServerResponse } from "effect/http";
import type { HttpApiBuilder } from "effect/http-api";
import { csvRow } from "../../domain/shared/csv";
import { InvalidInput } from "../../domain/shared";
import { ModuleCatalogue } from "../eventstore/catalogue";
import { CurrentCaller } from "../web/api/guard";
import { fieldErrors } from "../web/http-fields";
import type { AuditApi } from "./api";
import { type AuditFilter, AuditTrail } from "./AuditTrail";
import { auditFilterSchemaOf } from "./schemas";
import { dieOnSqlError } from "../web/api/handlers";

type Query = { readonly person?: string; readonly kind?: string; readonly from?: string; readonly to?: string; readonly client?: string; readonly cursor?: string };

/** The filter asked for, checked with the sentences of the page's form (a page's cursor is its `before`). */
const filterOf = (query: Query) =>
  Effect.gen(function* () {
    const { auditKinds } = yield* ModuleCatalogue;
    const parsed = auditFilterSchemaOf((kind) => auditKinds.some((k) => k.id === kind)).safeParse({ ...query, before: query.cursor, cursor: undefined });
    if (parsed.success) return parsed.data satisfies AuditFilter;
    const fields = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [field === "before" ? "cursor" : field, message]));
    return yield* new InvalidInput({ message: Object.values(fields)[0] ?? "Please check the filter.", fields });
  });

/** The audit trail's operations (./api.ts) on the AuditTrail service. */
export const auditHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof AuditApi>) =>
  handlers
    .handle("page", ({ query }) =>
      dieOnSqlError(
        Effect.gen(function* () {
          const caller = yield* CurrentCaller;
          const filter = yield* filterOf(query);
          const page = yield* (yield* AuditTrail).page(caller.workspaceId, filter, caller.timeZone, query.limit);
          return { items: page.entries, next: page.next };
        }),
      ),
    )
    .handle("export", ({ query }) =>
      dieOnSqlError(
        Effect.gen(function* () {
          const caller = yield* CurrentCaller;
          const filter = yield* filterOf(query);
          const { auditKinds } = yield* ModuleCatalogue;
          const entries = yield* (yield* AuditTrail).all(caller.workspaceId, { ...filter, before: undefined }, caller.timeZone);
          const lines = [
            csvRow(["time", "person", "kind", "change"]),
            ...entries.map((e) => csvRow([e.at, e.actor, auditKinds.find((k) => k.id === e.kind)?.label ?? "", e.summary])),
          ];
          return HttpServerResponse.text(`${lines.join("\r\n")}\r\n`, {
            contentType: "text/csv; charset=utf-8",
            headers: {
              "content-disposition": `attachment; filename="audit-trail-${caller.now.toISOString().slice(0, 10)}.csv"`,
              "cache-control": "no-store",
            },
          });
        }),
      ),
    );
