import { expect } from "vitest";
import { Browser, signUp } from "./browser";
import type { AppServer } from "./server";

/**
 * A workspace with a team, as its people make it: the owner signs up (on a plan with team
 * collaboration), invites by e-mail, and the invited person joins from the link e-mailed to them.
 */
export const teamHelpers = (app: AppServer) => {
  const workspaceOf = async (userId: string) =>
    (await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${userId}`)[0]!.workspace_id;

  /** An owner whose workspace is on `tier` (team collaboration comes with Professional). */
  const owner = async (tier = "professional", overrides: Record<string, unknown> = {}) => {
    const signed = await signUp(app.server.url, overrides);
    await app.sql`update workspaces set subscription_tier = ${tier}, subscription_status = 'active' where id = ${await workspaceOf(signed.user.id)}`;
    return signed;
  };

  /** The link of the last invitation e-mailed to `email`. */
  const linkSentTo = async (email: string) => {
    const [mail] = await app.sql<
      { subject: string; body_text: string }[]
    >`select subject, body_text from mail_outbox where to_address = ${email} order by id desc limit 1`;
    const link = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? "");
    if (!mail || !link) throw new Error(`no invitation e-mailed to ${email}`);
    return { mail, token: link[1]! };
  };

  const join = (token: string, name = "Maria") =>
    new Browser(app.server.url).post(`/api/invitations/${token}`, {
      firstName: name,
      lastName: "Lopez",
      password: "hygienist-42",
      confirmPassword: "hygienist-42",
      timeZone: "Europe/Madrid",
    });

  /** Invites `email` as `role` and joins from the e-mailed link: the person, signed in. */
  const joined = async (browser: Browser, email: string, role = "member") => {
    const invited = await browser.post("/api/team-invites", { email, role });
    expect(invited.status, invited.text).toBe(201);
    const { token } = await linkSentTo(email);
    const response = await join(token);
    expect(response.status, response.text).toBe(201);
    const member = new Browser(app.server.url);
    const signIn = await member.post("/api/auth/login", { email, password: "hygienist-42" });
    expect(signIn.status, signIn.text).toBe(200);
    return { member, user: response.data.user as Record<string, any> };
  };

  const email = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@leedental.example`;

  return { workspaceOf, owner, linkSentTo, join, joined, email };
};
