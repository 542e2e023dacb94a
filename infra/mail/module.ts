import { defineModule } from "../module";
import { Mailer } from "./Mailer";

/** Outgoing mail: the outbox is written in the transaction that causes a message; this job sends it. */
export const mailModule = defineModule({
  name: "mail",
  tasks: {
    send_mail: (payload) => Mailer.use((mailer) => mailer.send((payload as { outboxId: number }).outboxId)),
  },
});
