/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, or the made-up demo user in demo mode. */
    user: import("../infra/identity/current-user").CurrentUser | null;
    /** True when the request is in demo mode (path starts with /demo or ?demo=true). */
    demo: boolean;
    /** The id (token hash) of the request's session, when signed in. */
    sessionId: string | null;
    /** A toast carried over a redirect (shown once by the app layout). */
    flash: import("./lib/session-cookie").FlashToast | null;
    /** What was typed in a plain form the server refused, carried over the redirect back (see keptValues). */
    keptForm: { readonly action: string; readonly values: Record<string, string> } | null;
  }
}

declare namespace astroHTML.JSX {
  interface AstroClientDirectives {
    /** Loaded and hydrated at the first click on an element matching `trigger`, or at once when `now` (src/components/ui/click-directive.ts). */
    "client:click"?: { readonly trigger: string; readonly now?: boolean };
  }
}
