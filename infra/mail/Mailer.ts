import { Context, Effect, Layer } from "effect";
import nodemailer from "nodemailer";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { addJob } from "../jobs/add-job";
import { logger } from "../log";

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** An HTML part beside the text (a white-labelled message to a client). */
  readonly html?: string;
  /** The sender's name instead of the product's (an agency's white label); the address stays MAIL_FROM's. */
  readonly fromName?: string;
  /** Where an answer goes instead of MAIL_FROM (the support form: the person who wrote it). */
  readonly replyTo?: string;
  readonly attachments?: ReadonlyArray<{ readonly filename: string; readonly contentType: string; readonly content: Uint8Array }>;
}

/** MAIL_FROM's address, under another name. */
const fromAs = (name: string, mailFrom: string) => ({ name, address: /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim() });

/**
 * Puts a message in the outbox, in the caller's transaction: what a reaction to an event calls (it has
 * only the database), and what Mailer.queue does for a service.
 */
export const queueMail = Effect.fn("Mailer.queue")(function* (mail: Mail) {
  const db = yield* Database;
  const [row] = yield* db.query(
    (sql) => sql<{ id: string }[]>`
      insert into mail_outbox (to_address, subject, body_text, body_html, from_name, reply_to, attachments)
      values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.fromName ?? null}, ${mail.replyTo ?? null},
              ${sql.json((mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content).toString("base64") })))})
      returning id`,
  );
  if (config().SMTP_URL) {
    yield* addJob("send_mail", { outboxId: Number(row.id) }, { maxAttempts: 10 });
  } else {
    logger.info(
      { to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments?.map((a) => a.filename) },
      "Mail kept in the outbox (SMTP_URL is not set)",
    );
  }
});

/**
 * Outgoing mail goes through the outbox: queued in the caller's transaction, sent by the `send_mail`
 * job over SMTP when SMTP_URL is set. Without SMTP the message stays in the outbox and is logged,
 * so links (password resets) work on a fresh machine.
 */
export class Mailer extends Context.Service<
  Mailer,
  {
    readonly queue: (mail: Mail) => Effect.Effect<void, SqlError>;
    readonly send: (outboxId: number) => Effect.Effect<void, SqlError>;
  }
>()("app/Mailer") {
  static layer = Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const db = yield* Database;
      const { SMTP_URL, MAIL_FROM } = config();
      const transport = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : null;

      const queue = (mail: Mail) => queueMail(mail).pipe(Effect.provideService(Database, db));

      const send = Effect.fn("Mailer.send")(function* (outboxId: number) {
        if (!transport) return;
        const [mail] = yield* db.query(
          (sql) =>
            sql<
              {
                to_address: string;
                subject: string;
                body_text: string;
                body_html: string | null;
                from_name: string | null;
                reply_to: string | null;
                attachments: { filename: string; contentType: string; content: string }[];
                sent_at: Date | null;
              }[]
            >`select to_address, subject, body_text, body_html, from_name, reply_to, attachments, sent_at from mail_outbox where id = ${outboxId}`,
        );
        if (!mail || mail.sent_at) return;
        const error = yield* Effect.promise(() =>
          transport
            .sendMail({
              from: mail.from_name ? fromAs(mail.from_name, MAIL_FROM) : MAIL_FROM,
              to: mail.to_address,
              subject: mail.subject,
              text: mail.body_text,
              ...(mail.body_html ? { html: mail.body_html } : {}),
              ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
              attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, "base64") })),
            })
            .then(
              () => null,
              (e: unknown) => String(e),
            ),
        );
        if (error) {
          yield* db.query((sql) => sql`update mail_outbox set last_error = ${error} where id = ${outboxId}`);
          return yield* Effect.die(new Error(`SMTP delivery failed: ${error}`));
        }
        yield* db.query((sql) => sql`update mail_outbox set sent_at = now(), last_error = null where id = ${outboxId}`);
      });

      return { queue, send };
    }),
  );
}
