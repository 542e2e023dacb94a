import { PROBLEM_CONTENT_TYPE, problemType } from "../../../infra/web/api/problems";

/** A problem answered before the declared API is reached (a body that is not JSON). */
export const problemResponse = (status: number, code: string, title: string, detail: string): Response =>
  new Response(JSON.stringify({ type: problemType(code), title, status, detail, code }), {
    status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store" },
  });
