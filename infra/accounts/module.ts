import { Effect } from "effect";
import { accountEvents, accountsProjection, PLATFORMS } from "../../domain/accounts";
import { defineModule, moduleApi } from "../module";
import { AccountConnectionsApi, AccountsApi } from "./api";
import { accountConnectionsHandlers, accountsHandlers } from "./api-handlers";
import { SocialAccounts } from "./SocialAccounts";
import { refreshDueTokens } from "./token-refresh";
import { refreshAudiences } from "./audience-refresh";
import { ensureDemoAccounts } from "./demo";

const platformName = (id: string) => PLATFORMS.find((p) => p.id === id)?.name ?? id;

/** Connected social and review-site accounts, their tokens and their renewal. */
export const accountsModule = defineModule({
  name: "accounts",
  events: accountEvents,
  auditKinds: [{ id: "accounts", label: "Connected accounts" }],
  layer: SocialAccounts.layer,
  api: [moduleApi(AccountsApi, accountsHandlers), moduleApi(AccountConnectionsApi, accountConnectionsHandlers)],
  projections: [accountsProjection],
  tasks: {
    /** Tokens that expire within 30 minutes are renewed ahead of time. */
    refresh_account_tokens: (_payload, job) =>
      Effect.map(refreshDueTokens(job.now), (result) =>
        result.due > 0 ? `Tokens: ${result.refreshed} renewed, ${result.failed} need a reconnect, of ${result.due} due` : undefined,
      ),
    /** Follower counts read only on request (Telegram's subscribers). */
    refresh_account_audiences: (_payload, job) =>
      Effect.map(refreshAudiences(job.now), (result) => (result.changed > 0 ? `Audiences: ${result.changed} changed of ${result.read} read` : undefined)),
  },
  cron: ["*/10 * * * * refresh_account_tokens", "23 */6 * * * refresh_account_audiences"],
  processes: ["tokens", "audiences"],
  demo: (seed) => ensureDemoAccounts(seed.caller),
  auditSummaries: {
    AccountConnected: (d) =>
      `${platformName(d.platform)} account "${d.accountName}" connected${d.kind === "sandbox" ? " (sandbox)" : d.kind === "listing" ? " (listing)" : ""}`,
    AccountReconnected: (d) => `Account "${d.accountName}" reconnected`,
    AccountProfileRefreshed: (d) => `Account "${d.accountName}" refreshed (${d.followers} followers)`,
    AccountPaused: () => "Account paused",
    AccountResumed: () => "Account resumed",
    AccountTokensRefreshed: () => "Account access renewed",
    AccountNeedsReconnect: (d) => `Account needs a reconnect: ${d.reason}`,
    AccountDisconnected: () => "Account disconnected",
  },
});
