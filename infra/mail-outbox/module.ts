import { defineModule } from "../module";
import { Mailer } from "../mail/Mailer";

/**
 * Outgoing mail: the outbox is written in the transaction that causes a message; this job sends it.
 * Apart from infra/mail: the Mailer is a service every module is given (infra/module.ts), so its
 * folder cannot import the module declaration without a cycle.
 */
export const mailModule = defineModule({
  name: "mail",
  tasks: {
    send_mail: (payload) => Mailer.use((mailer) => mailer.send((payload as { outboxId: number }).outboxId)),
  },
});
