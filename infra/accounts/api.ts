import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { ACCOUNT_KINDS, PLATFORM_IDS } from "../../domain/accounts";
import { CONNECTION_METHODS } from "../../domain/accounts/platforms";
import { ConnectionFailed } from "../../domain/shared";
import { Guard, InvalidRequest, PublicEdge, Requires } from "../web/api/guard";
import {
  ConflictProblem,
  ForbiddenProblem,
  InvalidInputProblem,
  NotFoundProblem,
  PlanLimitProblem,
  problem,
  VersionConflictProblem,
} from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { activeSchema, blueskySchema, discordSchema, listingSchema, placeholderSchema, sandboxSchema, telegramSchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** A connected account as the API answers it (`AccountView` of ./SocialAccounts): tokens never leave the server. */
export const AccountSchema = Schema.Struct({
  id: Schema.String,
  platform: Schema.Literals(PLATFORM_IDS),
  kind: Schema.Literals(ACCOUNT_KINDS),
  accountName: Schema.String,
  accountId: Schema.String.annotate({ description: "The platform's id of the account." }),
  username: Schema.NullOr(Schema.String),
  avatar: Schema.NullOr(Schema.String),
  profileUrl: Schema.NullOr(Schema.String),
  followers: Schema.Number,
  isActive: Schema.Boolean,
  isConnected: Schema.Boolean,
  status: Schema.Literals(["connected", "reconnect_needed", "sandbox", "listing"]),
  statusReason: Schema.NullOr(Schema.String),
  metadata: Schema.Record(Schema.String, Schema.Unknown),
  connectedAt: Schema.String,
  tokenExpiresAt: Schema.NullOr(Schema.String),
}).annotate({ identifier: "SocialAccount" });

/** A catalogue platform and whether this server can connect it (`ConnectablePlatform` of infra/platforms). */
export const ConnectablePlatformSchema = Schema.Struct({
  id: Schema.Literals(PLATFORM_IDS),
  name: Schema.String,
  category: Schema.Literals(["social", "review"]),
  connection: Schema.Literals(CONNECTION_METHODS),
  configured: Schema.Boolean,
  missingVariables: Schema.Array(Schema.String).annotate({ description: "What the operator must set for it (empty for anyone else)." }),
}).annotate({ identifier: "ConnectablePlatform" });

/** A platform's refusal of the connection (a wrong app password, an address it cannot reach): 400 with its sentence. */
export const ConnectionFailedProblem = problem(ConnectionFailed, "Connection failed", (body) => new ConnectionFailed({ message: body.detail }));

const manages = { permission: "manage_accounts" } as const;
const connectErrors = [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem, PlanLimitProblem];
const connected = AccountSchema.pipe(HttpApiSchema.status(201));

/**
 * The connected accounts of the workspace, declared once: the Connect Accounts screen and the
 * Settings tab call them through the typed client (src/lib/api/client.ts); ./api-handlers.ts serves them.
 */
export class AccountsApi extends HttpApiGroup.make("accounts")
  .add(
    HttpApiEndpoint.get("list", "/api/social-accounts", { success: Schema.Array(AccountSchema) }).annotate(
      OpenApi.Description,
      "The workspace's connected accounts (no tokens).",
    ),
    HttpApiEndpoint.post("connectPlaceholder", "/api/social-accounts", {
      payload: zodPayload(placeholderSchema, "PlaceholderAccount"),
      success: connected,
      error: connectErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "The spec's placeholder connect: a clearly labelled sandbox account (a token sent is ignored); 201 with it."),
    HttpApiEndpoint.post("connectSandbox", "/api/social-accounts/sandbox", {
      payload: zodPayload(sandboxSchema, "SandboxAccount"),
      success: connected,
      error: connectErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "A test account for any platform, its posts kept inside the app; 201. Two sandboxes of one platform need names of their own (409)."),
    HttpApiEndpoint.post("connectBluesky", "/api/social-accounts/bluesky", {
      payload: zodPayload(blueskySchema, "BlueskyLogin"),
      success: connected,
      error: [...connectErrors, ConnectionFailedProblem],
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "Signs in to the Bluesky server (any, self-hosted too) with an app password, reads the profile and keeps the password encrypted; 201. A refused sign-in answers 400 with the server's reason.",
      ),
    HttpApiEndpoint.post("connectTelegram", "/api/social-accounts/telegram", {
      payload: zodPayload(telegramSchema, "TelegramChannel"),
      success: connected,
      error: [...connectErrors, ConnectionFailedProblem],
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "A Telegram channel posted to by the person's own bot: checks the token (getMe), the channel (getChat) and that the bot may post there (getChatMember), then keeps the token encrypted; 201. Each refusal answers 400 with its sentence.",
      ),
    HttpApiEndpoint.post("connectDiscord", "/api/social-accounts/discord", {
      payload: zodPayload(discordSchema, "DiscordWebhook"),
      success: connected,
      error: [...connectErrors, ConnectionFailedProblem],
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "A Discord channel by its webhook URL: read once (GET) to check it, then kept encrypted (it holds the webhook's token); 201. An unknown webhook or another address answers 400 with a sentence.",
      ),
    HttpApiEndpoint.post("connectListing", "/api/social-accounts/listing", {
      payload: zodPayload(listingSchema, "ListingProfile"),
      success: connected,
      error: connectErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "A review site or Snapchat profile, connected by its public address (these platforms allow no third-party posting); 201."),
    HttpApiEndpoint.get("get", "/api/social-accounts/:id", { params: idOf("account"), success: AccountSchema, error: NotFoundProblem }).annotate(
      OpenApi.Description,
      "One account of the workspace; any other id answers 404.",
    ),
    HttpApiEndpoint.put("setActive", "/api/social-accounts/:id", {
      params: idOf("account"),
      payload: zodPayload(activeSchema, "AccountActive"),
      success: AccountSchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Pauses (`isActive: false`) or resumes posting to the account."),
    HttpApiEndpoint.delete("disconnect", "/api/social-accounts/:id", {
      params: idOf("account"),
      success: Schema.Struct({ ok: Schema.Literal(true), message: Schema.String }),
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Disconnects the account: its history stays, its tokens are forgotten."),
    HttpApiEndpoint.get("platforms", "/api/platforms", { success: Schema.Array(ConnectablePlatformSchema) }).annotate(
      OpenApi.Description,
      "Every platform, how it connects and whether this server is configured for it (what is missing: to operators only).",
    ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Connected accounts") {}

const platformParam = { platform: Schema.String.annotate({ description: "The platform's id, e.g. linkedin." }) };

/**
 * Connecting an account with the platform's OAuth (authorization code with PKCE). The browser
 * navigates to these: a person who is not signed in is sent to sign in (302) rather than answered
 * 401, so the group takes the edge's rules (`PublicEdge`) and its handlers ask the one
 * authorization point for what `Requires` declares. Every outcome of the callback is a redirect to
 * Connect Accounts with a toast.
 */
export class AccountConnectionsApi extends HttpApiGroup.make("account-connections")
  .add(
    HttpApiEndpoint.get("mastodonStart", "/api/auth/mastodon", {
      query: { instance: Schema.optional(Schema.String.annotate({ description: "The person's server, e.g. mastodon.social (a handle @me@server will do)." })) },
      success: HttpApiSchema.Empty(302).annotate({ description: "To the instance's consent page (or to sign in); 303 back to Connect Accounts with the reason when the instance cannot be used." }),
      error: [ForbiddenProblem, PlanLimitProblem],
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "Starts connecting a Mastodon account (or any server speaking its API): SocialDesk registers itself at the instance the first time (POST /api/v1/apps), then sends the browser to its /oauth/authorize with PKCE. An instance on a private address is refused.",
      ),
    HttpApiEndpoint.get("mastodonCallback", "/api/auth/mastodon/callback", {
      query: {
        code: Schema.optional(Schema.String),
        state: Schema.optional(Schema.String),
        error: Schema.optional(Schema.String),
        error_description: Schema.optional(Schema.String),
      },
      success: HttpApiSchema.Empty(303).annotate({ description: "Back to Connect Accounts with a toast: connected, or why not." }),
      error: [ForbiddenProblem, PlanLimitProblem],
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "The instance sends the browser back here: the state is checked, the code exchanged at /oauth/token with the PKCE verifier, the account read (verify_credentials) with the instance's limits, and connected.",
      ),
    HttpApiEndpoint.get("start", "/api/auth/:platform", {
      params: platformParam,
      success: HttpApiSchema.Empty(302).annotate({ description: "To the platform's consent page (or to sign in); 303 back to Connect Accounts when the server is not set up for it." }),
      error: [NotFoundProblem, ForbiddenProblem, PlanLimitProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Starts the platform's OAuth flow; its state and PKCE verifier stay 10 minutes in an HttpOnly cookie only the callback reads."),
    HttpApiEndpoint.get("callback", "/api/auth/:platform/callback", {
      params: platformParam,
      query: {
        code: Schema.optional(Schema.String),
        state: Schema.optional(Schema.String),
        error: Schema.optional(Schema.String),
        error_description: Schema.optional(Schema.String),
      },
      success: HttpApiSchema.Empty(303).annotate({ description: "Back to Connect Accounts with a toast: connected, or why not." }),
      error: [NotFoundProblem, ForbiddenProblem, PlanLimitProblem],
    })
      .annotate(Requires, manages)
      .annotate(
        OpenApi.Description,
        "The platform sends the browser back here: the state is checked, the code exchanged (with the PKCE verifier), the profile read and the account connected (or reconnected).",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(PublicEdge)
  .annotate(OpenApi.Title, "Account connections (OAuth)") {}
