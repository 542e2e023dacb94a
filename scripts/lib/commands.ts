import { randomUUID } from "node:crypto";
import { isTier, TIERS } from "../../domain/plans";
import { systemContext } from "../../domain/shared";
import { Database } from "../../infra/db/Database";
import { catchUpAsyncProjections } from "../../infra/eventstore/async-projector";
import { rebuildProjections, verifyProjections } from "../../infra/eventstore/rebuild";
import { UserAdmin } from "../../infra/identity/UserAdmin";
import { projections } from "../../infra/modules";
import type { OpenApp } from "./app";
import type { CommandOutput } from "./output";


/**
 * The CLI commands (`npm run admin:grant`, `admin:plan`, `replay`, `mail:outbox`): each takes the
 * app's services and its arguments, writes its lines, and answers its exit code. scripts/*.ts run
 * them as processes (runCli); the tests call them directly on their own app.
 */
export type Command = (app: Pick<OpenApp, "runtime">, args: ReadonlyArray<string>, out: CommandOutput) => Promise<number>;

/** npm run admin:grant -- <email>: marks an account as operator (OperatorGranted), for /admin pages. */
export const adminGrant: Command = async (app, [email], out) => {
  if (!email) {
    out.error("Usage: npm run admin:grant -- <email>");
    return 2;
  }
  const exit = await app.runtime.runPromiseExit(UserAdmin.use((admin) => admin.grantOperator(email, systemContext("cli", new Date(), randomUUID()))));
  if (exit._tag === "Failure") {
    out.error(`No account with the email ${email}.`);
    return 1;
  }
  out.log(`${exit.value.email} is now an operator: /admin/projections is open to this account.`);
  return 0;
};

/** npm run admin:plan -- <email> <tier>: support staff set a user's plan (recorded as PlanChanged). */
export const adminPlan: Command = async (app, [email, tier], out) => {
  if (!email || !isTier(tier)) {
    out.error(`Usage: npm run admin:plan -- <email> <tier>   (tier: ${TIERS.join(", ")})`);
    return 2;
  }
  const exit = await app.runtime.runPromiseExit(
    UserAdmin.use((admin) => admin.setPlan(email, tier, "set by support", systemContext("cli", new Date(), randomUUID()))),
  );
  if (exit._tag === "Failure") {
    out.error(`No account with the email ${email}.`);
    return 1;
  }
  out.log(`${exit.value.email} is now on the ${exit.value.subscriptionTier} plan (${exit.value.subscriptionStatus}).`);
  return 0;
};

/**
 * npm run replay: rebuilds every read model from the events.
 * npm run replay -- --verify: rebuilds into scratch tables, compares with the live read models,
 * changes nothing, and exits 1 when any row differs.
 */
export const replay: Command = async (app, args, out) => {
  if (args.includes("--verify")) {
    await app.runtime.runPromise(catchUpAsyncProjections(projections));
    const result = await app.runtime.runPromise(verifyProjections(projections));
    out.log(`Verified ${projections.length} projections against ${result.events} events.`);
    if (result.differences.length === 0) {
      out.log("Every read model matches the events.");
      return 0;
    }
    for (const d of result.differences) {
      out.log(`✗ ${d.projection} / ${d.table}: ${d.onlyLive} row(s) only in the live table, ${d.onlyRebuilt} only in the rebuild`);
      for (const example of d.examples) out.log(`    ${example.side}: ${JSON.stringify(example.row)}`);
    }
    return 1;
  }
  const result = await app.runtime.runPromise(rebuildProjections(projections));
  const perSecond = result.milliseconds > 0 ? Math.round((result.events / result.milliseconds) * 1000) : result.events;
  out.log(`Rebuilt ${projections.map((p) => p.name).join(", ")} from ${result.events} events in ${result.milliseconds} ms (${perSecond} events/s).`);
  return 0;
};

/**
 * npm run mail:outbox -- [email]: the newest messages of the mail outbox (to that address), with
 * their text. Without SMTP_URL nothing is sent: this is where a fresh machine's invitation and
 * password-reset links are read.
 */
export const mailOutbox: Command = async (app, [email], out) => {
  const mails = await app.runtime.runPromise(
    Database.use((db) =>
      db.query(
        (sql) => sql<
          { to_address: string; from_name: string | null; subject: string; body_text: string; attachments: { filename: string }[]; created_at: Date }[]
        >`
          select to_address, from_name, subject, body_text, attachments, created_at from mail_outbox
          ${email ? sql`where lower(to_address) = ${email.trim().toLowerCase()}` : sql``}
          order by id desc limit 5`,
      ),
    ),
  );
  if (mails.length === 0) {
    out.error(email ? `No mail to ${email} in the outbox.` : "The outbox is empty.");
    return 1;
  }
  for (const mail of mails) {
    const from = mail.from_name ? `From: ${mail.from_name}\n` : "";
    const attached = mail.attachments.length > 0 ? `Attachments: ${mail.attachments.map((a) => a.filename).join(", ")}\n` : "";
    out.log(`${from}To: ${mail.to_address}\nDate: ${mail.created_at.toISOString()}\nSubject: ${mail.subject}\n${attached}\n${mail.body_text}\n${"-".repeat(60)}`);
  }
  return 0;
};
