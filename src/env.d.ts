/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, or the made-up demo user in demo mode. */
    user: import("./lib/current-user").CurrentUser | null;
    /** True when the request is in demo mode (path starts with /demo or ?demo=true). */
    demo: boolean;
    /** The raw session token hash of the request, when signed in. */
    sessionId: string | null;
  }
}
