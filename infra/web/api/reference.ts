import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Effect, Layer } from "effect";
import { HttpRouter, HttpServerResponse } from "effect/http";

export const REFERENCE_PATH = "/api/docs";
const SCRIPT_PATH = `${REFERENCE_PATH}/scalar.js`;
const START_PATH = `${REFERENCE_PATH}/start.js`;

/**
 * The page's own policy: its two scripts are files of ours (Scalar's bundle and the start below),
 * so no inline script runs; Scalar sets its styles at run time, hence inline styles. It reads the
 * document from us and loads nothing else (no CDN, no fonts: the app runs offline).
 */
const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>SocialDesk API reference</title>
    <meta name="description" content="Every operation of the SocialDesk API: paths, bodies, answers and refusals, from the OpenAPI 3.1 document at /api/openapi.json." />
  </head>
  <body>
    <noscript>The reference needs JavaScript. The same description is at <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</noscript>
    <div id="reference"></div>
    <script src="${SCRIPT_PATH}" defer></script>
    <script src="${START_PATH}" defer></script>
  </body>
</html>
`;

// The document is fetched and handed over as content, as HttpApiScalar's page does (Scalar's `url`
// option, with no configuration list around it, stays on its loading skeleton).
const start = `fetch("/api/openapi.json", { headers: { accept: "application/json" } })
  .then((response) => response.json())
  .then((content) =>
    window.Scalar.createApiReference(document.getElementById("reference"), {
      content,
      withDefaultFonts: false,
      hideClientButton: true,
      // Its toolbar shares and generates through scalar.com: nothing of the app's leaves it.
      showDeveloperTools: "never",
      telemetry: false,
    }),
  );
`;

/**
 * Scalar's browser bundle as Effect ships it for `HttpApiScalar` (its `layer` inlines it into the
 * page, which the policy above forbids; served as a file here), without the fonts it would fetch. Read from the installed package,
 * whose exports hide the internal module from imports.
 */
const scalarBundle = Effect.promise(async () => {
  const httpApiEntry = createRequire(import.meta.url).resolve("effect/http-api");
  const source = await readFile(path.join(path.dirname(httpApiEntry), "internal", "httpApiScalar.js"), "utf8");
  const { javascript } = (await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`)) as { javascript: string };
  // Its stylesheet names Scalar's font server whatever the options say: the app runs offline, so the system's fonts serve.
  return javascript.replace(/@font-face \{[^}]*fonts\.scalar\.com[^}]*\}/g, "");
});

/**
 * `GET /api/docs`: the API reference (Scalar, the page of Effect's HttpApiScalar) reading
 * `GET /api/openapi.json`, beside which it is served; public like the document.
 */
export const referenceLayer = Layer.unwrap(
  Effect.gen(function* () {
    const bundle = yield* Effect.cached(scalarBundle);
    return HttpRouter.use((router) =>
      Effect.all([
        router.add("GET", REFERENCE_PATH, HttpServerResponse.html(page).pipe(HttpServerResponse.setHeader("content-security-policy", REFERENCE_CSP))),
        router.add(
          "GET",
          SCRIPT_PATH,
          Effect.map(bundle, (script) =>
            HttpServerResponse.text(script, { contentType: "text/javascript; charset=utf-8", headers: { "cache-control": "public, max-age=86400" } }),
          ),
        ),
        router.add("GET", START_PATH, HttpServerResponse.text(start, { contentType: "text/javascript; charset=utf-8" })),
      ]),
    );
  }),
);
