import { HttpServerResponse } from "effect/http";
import { HttpApiSchema } from "effect/http-api";
import { z } from "zod";
import { type FlashToast, redirectWithFlash } from "../flash";
import { safeNext } from "../return-address";
import { zodPayload } from "./zod-payload";

/**
 * Operations a plain HTML form posts to (a screen that works without JavaScript, e.g. the agency's
 * client cards): HttpApi carries them as one declared shape. The body is JSON from a script or the
 * form's fields (`application/x-www-form-urlencoded`) with `back`, the screen to return to; a form
 * is answered 303 back to that screen (on this site only) with a toast for the next page, a script
 * with the JSON. A form's refusal goes back to its screen at the edge (src/lib/form-or-json.ts).
 */

/** A body sent as JSON or as a plain form's fields; the form's has `back` ("" when it names none). */
export const jsonOrForm = <S extends z.ZodObject>(schema: S, identifier: string) =>
  [
    zodPayload(schema, identifier),
    zodPayload(
      schema.extend({ back: z.string().max(2048).default("") }) as unknown as z.ZodType<z.output<S> & { back: string }, z.input<S> & { back?: string }>,
      `${identifier}Form`,
    ).pipe(HttpApiSchema.asFormUrlEncoded()),
  ] as const;

/** A form's answer: back to its screen. */
export const BackToForm = HttpApiSchema.Empty(303).annotate({ description: "Sent as a plain form: back to its screen (`back`), with a toast." });

/**
 * The answer to a body of `jsonOrForm`: the JSON for a script; for a form, 303 back to its screen
 * (the dashboard when `back` names none or another site) with the toast, if any.
 */
export const answerJsonOrForm = <A>(payload: object, json: A, toast: FlashToast | null): A | HttpServerResponse.HttpServerResponse => {
  if (!("back" in payload)) return json;
  const back = safeNext(payload.back, "/app/dashboard");
  return toast === null ? HttpServerResponse.redirect(back, { status: 303 }) : redirectWithFlash(back, toast);
};
