import { randomBytes } from "node:crypto";
import { sqlClient } from "../infra/db/client";
import { startTestServer, type TestServer } from "../tests/support/processes";

export interface BenchApp {
  readonly server: TestServer;
  readonly url: string;
  /** `session=...`: the Cookie header of a signed-in user. */
  readonly sessionCookie: string;
  readonly email: string;
}

/**
 * The real app (scripts/start.ts from the build in BUILD_DIR or dist/) on the bench database, with
 * one registered user signed in through the public API, as a browser would; `env` adds settings
 * (OUTBOUND_ALLOW_HOSTS for the webhook bench's local receiver).
 */
export const startBenchApp = async (databaseUrl: string, env: Record<string, string> = {}): Promise<BenchApp> => {
  // The API keys' limit raised far past what the load makes: the keyed bench measures a key's cost, not its limit.
  const server = await startTestServer({ databaseUrl, env: { API_RATE_LIMIT_PER_MINUTE: "1000000000", ...env } });
  try {
    const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
    const response = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, accept: "application/json" },
      body: JSON.stringify({
        firstName: "Bench",
        lastName: "Marker",
        email,
        company: "Bench Co",
        password: "correct horse battery",
        confirmPassword: "correct horse battery",
        selectedPlan: "professional",
        timeZone: "Europe/Berlin",
      }),
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status !== 201) {
      throw new Error(`POST /api/auth/register answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    const session = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("session="));
    if (!session) throw new Error("POST /api/auth/register set no session cookie");
    // On the plan with every feature (not a trial), so that pages a plan unlocks (Team Management, the inbox, clients) load their islands.
    const sql = sqlClient(databaseUrl, { max: 1, onnotice: () => {} });
    await sql`update workspaces set subscription_tier = 'agency', subscription_status = 'active', is_trial_active = false
              where id = (select workspace_id from users where email = ${email})`;
    await sql.end();
    return { server, url: server.url, sessionCookie: session, email };
  } catch (error) {
    await server.stop();
    throw error;
  }
};
