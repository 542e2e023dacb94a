import { Database } from "../infra/db/Database";
import { runCli } from "./lib/app";

/**
 * npm run mail:outbox -- [email]: the newest messages of the mail outbox (to that address), with
 * their text. Without SMTP_URL nothing is sent: this is where a fresh machine's invitation and
 * password-reset links are read.
 */
runCli(async (app, [email]) => {
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
    console.error(email ? `No mail to ${email} in the outbox.` : "The outbox is empty.");
    return 1;
  }
  for (const mail of mails) {
    const from = mail.from_name ? `From: ${mail.from_name}\n` : "";
    const attached = mail.attachments.length > 0 ? `Attachments: ${mail.attachments.map((a) => a.filename).join(", ")}\n` : "";
    console.log(
      `${from}To: ${mail.to_address}\nDate: ${mail.created_at.toISOString()}\nSubject: ${mail.subject}\n${attached}\n${mail.body_text}\n${"-".repeat(60)}`,
    );
  }
  return 0;
});
