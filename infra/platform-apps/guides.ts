import type { PlatformId } from "../../domain/accounts/platforms";

/** How the console's Check proves a client id and secret without a person: the platform's client credentials grant. */
export type ClientCredentialsGrant =
  /** POST grant_type=client_credentials with HTTP Basic client authentication (Reddit's application-only OAuth). */
  | "basic"
  /** POST with `client_key` and `client_secret` in the form (TikTok's client access token). */
  | "body-client-key"
  /** GET with `client_id` and `client_secret` in the query (Meta's app access token). */
  | "query";

/** What the console shows of a platform: where its developer console is and the steps to make an app there. */
export interface PlatformAppGuide {
  readonly consoleUrl: string;
  readonly steps: ReadonlyArray<string>;
  readonly grant?: ClientCredentialsGrant;
  /** What the form calls the client id when the platform names it otherwise. */
  readonly clientIdLabel?: string;
}

const REDIRECT = "Add the redirect URI shown here, exactly as written.";

/**
 * The platforms' developer consoles and the few steps an operator takes there (as Mixpost's
 * "Services" pages and Postiz's docs describe them). The grant is set only where the platform
 * documents a client credentials grant for the same client id and secret: X's app-only token takes
 * the API key and secret (not the OAuth 2 client), LinkedIn's is only for approved partners, and
 * Google, Pinterest, Instagram and Threads offer none.
 */
export const PLATFORM_APP_GUIDES: Partial<Record<PlatformId, PlatformAppGuide>> = {
  facebook: {
    consoleUrl: "https://developers.facebook.com/apps/",
    steps: ["Create an app of type Business.", "Add the Facebook Login for Business product.", REDIRECT, "Copy the App ID and App secret from App settings › Basic."],
    grant: "query",
  },
  instagram: {
    consoleUrl: "https://developers.facebook.com/apps/",
    steps: ["Create an app of type Business and add the Instagram product.", "Open API setup with Instagram login › Set up Instagram business login.", REDIRECT, "Copy the Instagram app ID and secret (not the Facebook ones)."],
  },
  twitter: {
    consoleUrl: "https://developer.x.com/en/portal/projects-and-apps",
    steps: ["Create a project and an app.", "In User authentication settings, choose Read and write and Web App (confidential client).", REDIRECT, "Copy the OAuth 2.0 Client ID and Client Secret."],
  },
  linkedin: {
    consoleUrl: "https://www.linkedin.com/developers/apps",
    steps: ["Create an app linked to your company page.", "Under Products, add Sign In with LinkedIn using OpenID Connect and Share on LinkedIn.", REDIRECT + " (Auth tab)", "Copy the Client ID and Primary Client Secret."],
  },
  tiktok: {
    consoleUrl: "https://developers.tiktok.com/apps/",
    steps: ["Create an app and add Login Kit and Content Posting API.", REDIRECT, "Submit the app for review; until then only its testers can connect.", "Copy the Client key and Client secret."],
    grant: "body-client-key",
    clientIdLabel: "Client key",
  },
  youtube: {
    consoleUrl: "https://console.cloud.google.com/apis/credentials",
    steps: ["In a Google Cloud project, enable the YouTube Data API v3.", "Configure the OAuth consent screen.", "Create an OAuth client ID of type Web application.", REDIRECT],
  },
  google_business: {
    consoleUrl: "https://console.cloud.google.com/apis/credentials",
    steps: ["In a Google Cloud project, enable the Business Profile APIs (access must be approved by Google).", "Configure the OAuth consent screen.", "Create an OAuth client ID of type Web application.", REDIRECT],
  },
  pinterest: {
    consoleUrl: "https://developers.pinterest.com/apps/",
    steps: ["Connect a business account and create an app.", REDIRECT, "Copy the App ID and App secret key."],
  },
  threads: {
    consoleUrl: "https://developers.facebook.com/apps/",
    steps: ["Create an app with the Access the Threads API use case.", REDIRECT + " (Use cases › Threads › Settings)", "Copy the Threads app ID and Threads app secret."],
  },
  reddit: {
    consoleUrl: "https://www.reddit.com/prefs/apps",
    steps: ["Create an app of type web app.", REDIRECT + " (redirect uri)", "Copy the id under the app's name and its secret."],
    grant: "basic",
  },
};

export const guideOf = (platform: PlatformId): PlatformAppGuide => PLATFORM_APP_GUIDES[platform] ?? { consoleUrl: "", steps: [REDIRECT] };
